package org.fiberbench.cli.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fiberbench.db.DbOptions;
import org.fiberbench.engine.Defaults;
import org.fiberbench.engine.Settings;
import org.fiberbench.result.RunDirectory;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The database and HTTP pairs end to end at a tiny scale: calibrate's own servers started once (the
 * embedded H2, or MariaDB through --db; fiberbench's HTTP server on loopback), every pair of the
 * family forked and measured for real on both sides, as {@code calibrate --workload jdbc|http} does.
 */
class IoPairsTest {
    private static final Settings TINY = new Settings(1, 1, Duration.ofMillis(200), 2, Duration.ofMillis(300), "avgt", 1,
            Defaults.SETTINGS.timeout(), List.of());
    private static final int TASKS = 20;

    @TempDir
    Path tmp;

    /** {@code p} with {@value #TASKS} tasks per batch on both sides. */
    private static Pair small(Pair p) {
        Map<String, String> params = new HashMap<>(p.params());
        params.put("taskCount", String.valueOf(TASKS));
        return new Pair(p.name(), p.benchmark(), params, p.executor(), p.workload(), "batch:tasks=" + TASKS, p.threads(),
                p.jvmArgs(), p.slow(), p.service());
    }

    /** One tiny round of the family {@code workload}, as CalibrateCommand runs it; results.json read back. */
    private Map<?, ?> calibrate(String workload, DbOptions db) throws Exception {
        List<Pair> pairs = Pairs.select(workload).stream().map(IoPairsTest::small).toList();
        Path dir = tmp.resolve(workload);
        List<Outcome> out;
        try (Services services = Services.start(pairs, db)) {
            RunDirectory run = RunDirectory.create(dir, "calibrate", "quick", "calibrate (test)");
            out = new Calibration(new JmhSides(run, pair -> TINY, services), line -> { })
                    .run(services.resolve(pairs), 1, o -> run.put("calibration", CalibrationTable.section(o, 1, Scale.QUICK)));
            run.finish();
        }
        assertEquals(pairs.size(), out.size());
        for (Outcome o : out) {
            assertEquals(List.of(), o.failures, o.pair.name());
            assertEquals(2, o.reference.size(), o.pair.name());
            assertEquals(2, o.fiberbench.size(), o.pair.name());
            for (double v : Outcome.values(o.reference)) {
                assertTrue(v > 0 && v < 5000, o.pair.name() + " reference " + v);
            }
            for (double v : Outcome.values(o.fiberbench)) {
                assertTrue(v > 0 && v < 5000, o.pair.name() + " fiberbench " + v);
            }
        }
        return new ObjectMapper().readValue(dir.resolve("results.json").toFile(), Map.class);
    }

    private static List<Map<?, ?>> list(Object o) {
        @SuppressWarnings("unchecked")
        List<Map<?, ?>> l = (List<Map<?, ?>>) o;
        return l;
    }

    private static void assertQueriedOneServer(Map<?, ?> json, int scenarios, String product) {
        List<Map<?, ?>> sc = list(json.get("scenarios"));
        assertEquals(scenarios, sc.size());
        Object url = null;
        for (Map<?, ?> s : sc) {
            assertEquals("normal", s.get("termination"), String.valueOf(s));
            Map<?, ?> db = (Map<?, ?>) s.get("database");
            assertTrue(String.valueOf(db.get("server")).startsWith(product), String.valueOf(db));
            assertTrue(((Number) db.get("queries")).longValue() >= 3 * TASKS, "warm-up and two iterations of batches: " + db);
            assertEquals(0, ((Number) db.get("failed")).longValue(), String.valueOf(db));
            assertEquals(0, ((Number) db.get("leftover_sessions")).intValue(), String.valueOf(db));
            url = url == null ? db.get("url") : url;
            assertEquals(url, db.get("url"), "every pair on the one server calibrate started");
        }
    }

    @Test
    void theJdbcPairsRunBothSidesOnOneEmbeddedH2() throws Exception {
        assertEquals(List.of("jdbc-point-direct", "jdbc-point-offload", "jdbc-scan-direct", "jdbc-scan-offload"),
                Pairs.select("jdbc").stream().map(Pair::name).toList());
        // the point pairs run here (a scan pair runs on MariaDB below; every query × via runs in ReferenceIoBenchmarksTest)
        Map<?, ?> json = calibrate("jdbc-point", DbOptions.EMBEDDED);
        List<Map<?, ?>> pairs = list(((Map<?, ?>) json.get("calibration")).get("pairs"));
        assertEquals(List.of("jdbc-point-direct", "jdbc-point-offload"), pairs.stream().map(p -> p.get("name")).toList());
        assertQueriedOneServer(json, 2, "H2");
        assertEquals(true, ((Map<?, ?>) list(json.get("scenarios")).get(0).get("database")).get("embedded"));
    }

    @Test
    void theHttpFamilyRunsBothSidesAgainstOneServer() throws Exception {
        Map<?, ?> json = calibrate("http", DbOptions.EMBEDDED);
        List<Map<?, ?>> pairs = list(((Map<?, ?>) json.get("calibration")).get("pairs"));
        assertEquals(List.of("http-name", "http-sleep"), pairs.stream().map(p -> p.get("name")).toList());
        String server = null;
        for (Map<?, ?> p : pairs) {
            String reference = (String) ((Map<?, ?>) p.get("reference")).get("command");
            String fiberbench = (String) ((Map<?, ?>) p.get("fiberbench")).get("command");
            String base = reference.replaceAll(".*url='?(http://127\\.0\\.0\\.1:\\d+)/.*", "$1");
            assertTrue(base.startsWith("http://127.0.0.1:") && fiberbench.contains("http:url=" + base + "/"), reference + " | " + fiberbench);
            server = server == null ? base : server;
            assertEquals(server, base, "both pairs on the one server calibrate started");
        }
        for (Map<?, ?> s : list(json.get("scenarios"))) {
            assertEquals("normal", s.get("termination"), "a failed request fails its batch: " + s.get("failure"));
            Map<?, ?> metrics = (Map<?, ?>) s.get("metrics");
            assertEquals(TASKS, ((Number) metrics.get("tasks_per_op")).intValue(), String.valueOf(metrics));
        }
    }

    @Test
    void theJdbcPairsRunOnMariaDbThroughDbAndNoFileHoldsThePassword() throws Exception {
        long pid = ProcessHandle.current().pid();
        String database = "fb_calibrate_" + pid;
        String user = "fb_calibrate_" + pid; // this JVM's own: no other test's sessions count as left over
        String password = "fbCal1brate-pw-93c1";
        try (Connection root = mariadbRoot(); Statement st = root.createStatement()) {
            st.execute("CREATE DATABASE IF NOT EXISTS " + database);
            for (String host : new String[] {"127.0.0.1", "localhost"}) {
                st.execute("CREATE USER IF NOT EXISTS '" + user + "'@'" + host + "' IDENTIFIED BY '" + password + "'");
                st.execute("GRANT ALL ON " + database + ".* TO '" + user + "'@'" + host + "'");
            }
            try {
                DbOptions db = new DbOptions("jdbc:mariadb://127.0.0.1:3306/" + database, user, password, 10);
                List<Pair> one = Pairs.select("jdbc-scan-offload");
                assertEquals(1, one.size());
                Map<?, ?> json = calibrateOne(one.get(0), db);
                assertQueriedOneServer(json, 1, "MariaDB");
                assertEquals(false, ((Map<?, ?>) list(json.get("scenarios")).get(0).get("database")).get("embedded"));
                try (var files = Files.walk(tmp)) {
                    for (Path f : files.filter(Files::isRegularFile).toList()) {
                        assertFalse(Files.readString(f, StandardCharsets.ISO_8859_1).contains(password), f.toString());
                    }
                }
            } finally {
                for (String host : new String[] {"127.0.0.1", "localhost"}) {
                    st.execute("DROP USER IF EXISTS '" + user + "'@'" + host + "'");
                }
                st.execute("DROP DATABASE IF EXISTS " + database);
            }
        }
    }

    private Map<?, ?> calibrateOne(Pair pair, DbOptions db) throws Exception {
        Pair p = small(pair);
        Path dir = tmp.resolve(p.name());
        List<Outcome> out;
        try (Services services = Services.start(List.of(p), db)) {
            RunDirectory run = RunDirectory.create(dir, "calibrate", "quick", "calibrate (test)");
            out = new Calibration(new JmhSides(run, x -> TINY, services), line -> { }).run(List.of(p), 1, o -> { });
            run.finish();
        }
        assertEquals(List.of(), out.get(0).failures);
        assertEquals(2, out.get(0).reference.size());
        assertEquals(2, out.get(0).fiberbench.size());
        return new ObjectMapper().readValue(dir.resolve("results.json").toFile(), Map.class);
    }

    /** MariaDB's root on this machine (no password); skips, or fails under CI=true, when MariaDB is not there. */
    private static Connection mariadbRoot() {
        try {
            return DriverManager.getConnection("jdbc:mariadb://127.0.0.1:3306/test?connectTimeout=3000", "root", "");
        } catch (SQLException e) {
            String why = "MariaDB is not reachable on 127.0.0.1:3306: " + e.getMessage();
            if ("true".equals(System.getenv("CI"))) {
                fail(why + " (CI=true: database tests must not skip)");
            }
            Assumptions.abort(why);
            throw new AssertionError(why);
        }
    }
}
