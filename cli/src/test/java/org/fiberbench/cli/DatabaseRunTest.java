package org.fiberbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.fiberbench.result.RunDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The jdbc workload end to end: picocli, the parent's checks, a real JMH fork and a real server
 * (embedded H2, MariaDB through both drivers, PostgreSQL). Tiny batches keep each test to seconds.
 */
@ExtendWith(DbServers.Users.class)
class DatabaseRunTest {
    /** Tiny, and without JMH's forced GC before each iteration: its settling wait would be most of each run. */
    private static final String[] SHORT = {"--warmup", "0", "--iterations", "2", "--time", "200ms", "--gc", "false"};

    static {
        // other JMH runs may share this machine's /tmp/jmh.lock; each of ours forks its own JVM anyway
        System.setProperty("jmh.ignoreLock", "true");
    }

    @TempDir
    Path tmp;

    static String[] run(Path out, String... rest) {
        List<String> a = new ArrayList<>(List.of("run"));
        a.addAll(Arrays.asList(rest));
        a.addAll(Arrays.asList(SHORT));
        a.addAll(List.of("--out", out.toString()));
        return a.toArray(String[]::new);
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> only(Path out) throws Exception {
        var list = (List<Map<String, Object>>) RunDirectory.read(out.resolve("results.json")).get("scenarios");
        assertEquals(1, list.size());
        return list.get(0);
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> metrics(Map<String, Object> s) {
        return (Map<String, Object>) s.get("metrics");
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> database(Map<String, Object> s) {
        return (Map<String, Object>) s.get("database");
    }

    static long metric(Map<String, Object> s, String key) {
        return ((Number) metrics(s).get(key)).longValue();
    }

    /** A normal scenario that really read rows: queries ran, none failed, no session left behind. */
    static void assertReadRows(Map<String, Object> s) {
        assertEquals("normal", s.get("termination"), String.valueOf(s.get("failure")));
        assertTrue(metric(s, "db_queries") >= 50, "queries: " + metrics(s));
        assertEquals(0, metric(s, "errors"));
        assertEquals(0, metric(s, "db_leftover_sessions"));
        assertTrue(((Number) metrics(s).get("score")).doubleValue() > 0);
    }

    @Test
    void embeddedH2IsTheDefaultAndReadsRowsDirect() throws Exception {
        // virtual × jdbc:query=scan,via=direct × batch:tasks=50, no --db: the run ResultsSchemaTest validates too
        SharedRuns.Made made = SharedRuns.embeddedH2();
        assertEquals(0, made.code(), made.outcome().err());
        var s = only(made.dir());
        assertReadRows(s);
        assertEquals(true, database(s).get("embedded"));
        assertTrue(String.valueOf(database(s).get("server")).startsWith("H2"), String.valueOf(database(s)));
        String url = String.valueOf(database(s).get("url"));
        assertTrue(url.startsWith("jdbc:h2:tcp://127.0.0.1:"), url);
        int port = Integer.parseInt(url.replaceAll("^jdbc:h2:tcp://127\\.0\\.0\\.1:(\\d+)/.*$", "$1"));
        assertThrows(java.net.ConnectException.class, () -> new java.net.Socket("127.0.0.1", port).close(),
                "the embedded server still listens after its scenario");
    }

    @Test
    void processPoolWorkersReachTheDatabaseOfTheirFork() throws Exception {
        Path out = tmp.resolve("workers");
        assertEquals(0, Main.execute(run(out, "-e", "process:workers=2", "-w", "jdbc:query=point,via=direct", "-l", "batch:tasks=50")));
        var s = only(out);
        assertEquals("normal", s.get("termination"), String.valueOf(s.get("failure")));
        assertEquals(0, metric(s, "errors"));
        assertTrue(metric(s, "db_queries") >= 50, "the workers' queries are counted: " + metrics(s));
        assertEquals(false, ((Map<?, ?>) s.get("config")).get("gc"), "--gc false reached the scenario's settings");
    }

    @Test
    void closedAndOpenModelsRunTheJdbcWorkloadWithLatencies() throws Exception {
        DbServers.mariadbRoot().close();
        Path out = tmp.resolve("loops");
        assertEquals(0, Main.execute("run", "-e", "virtual", "-w", "jdbc:query=point,via=offload",
                "-l", "closed:users=8,duration=2s", "-l", "open:rate=200,duration=2s",
                "--db", DbServers.MARIADB, "--db-user", DbServers.USER, "--db-password", DbServers.PASSWORD,
                "--out", out.toString()));
        @SuppressWarnings("unchecked")
        var list = (List<Map<String, Object>>) RunDirectory.read(out.resolve("results.json")).get("scenarios");
        assertEquals(2, list.size());
        for (var s : list) {
            assertEquals("normal", s.get("termination"), String.valueOf(s.get("failure")));
            assertTrue(metric(s, "db_queries") >= 100, "queries: " + metrics(s));
            assertEquals(0, metric(s, "errors"));
            assertEquals(0, metric(s, "db_leftover_sessions"));
            assertTrue(metric(s, "latency_p99_ns") > 0, metrics(s).toString());
        }
    }

    @Test
    void mariadbReadsRowsOffloaded() throws Exception {
        DbServers.mariadbRoot().close();
        Path out = tmp.resolve("mariadb");
        assertEquals(0, Main.execute(run(out, "-e", "virtual-pool:size=100,scheduler=fixed,carriers=2",
                "-w", "jdbc:query=scan,via=offload", "-l", "batch:tasks=50",
                "--db", DbServers.MARIADB, "--db-user", DbServers.USER, "--db-password", DbServers.PASSWORD)));
        var s = only(out);
        assertReadRows(s);
        assertTrue(String.valueOf(database(s).get("server")).contains("MariaDB"), String.valueOf(database(s)));
        assertTrue(DbServers.mariadbSessions(DbServers.USER).isEmpty(), "no session of the run is left");
    }

    @Test
    void mysqlConnectorReadsRowsFromMariadb() throws Exception {
        DbServers.mariadbRoot().close();
        Path out = tmp.resolve("mysql");
        assertEquals(0, Main.execute(run(out, "-e", "virtual", "-w", "jdbc:query=point,via=direct", "-l", "batch:tasks=50",
                "--db", DbServers.MYSQL, "--db-user", DbServers.USER, "--db-password", DbServers.PASSWORD)));
        assertReadRows(only(out));
    }

    @Test
    void postgresqlReadsRowsDirectAndLeavesNoSession() throws Exception {
        DbServers.postgresUser(org.fiberbench.workload.jdbc.HelloTable.DEFAULT_ROWS);
        Path out = tmp.resolve("pg");
        assertEquals(0, Main.execute(run(out, "-e", "platform:fixed=8", "-w", "jdbc:query=point,via=direct",
                "-l", "batch:tasks=50", "--db", DbServers.POSTGRES, "--db-user", DbServers.PG_USER)));
        var s = only(out);
        assertReadRows(s);
        assertTrue(String.valueOf(database(s).get("server")).startsWith("PostgreSQL"));
        assertTrue(DbServers.postgresSessions().isEmpty(), "no pooled session is left");
    }

    @Test
    void passwordComesFromTheEnvironmentOfAFreshProcess() throws Exception {
        DbServers.mariadbRoot().close();
        Path out = tmp.resolve("env");
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-opens", "java.base/java.lang=ALL-UNNAMED", "-Djmh.ignoreLock=true",
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(Arrays.asList(run(out, "-e", "virtual", "-w", "jdbc:query=point", "-l", "batch:tasks=20",
                "--db", DbServers.MARIADB, "--db-user", DbServers.USER)));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(tmp.resolve("env.log").toFile());
        pb.environment().put("FIBERBENCH_DB_PASSWORD", DbServers.PASSWORD);
        Process p = pb.start();
        try {
            assertTrue(p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS), "the run finished");
        } finally {
            p.destroyForcibly();
        }
        String output = Files.readString(tmp.resolve("env.log"));
        assertEquals(0, p.exitValue(), output);
        assertFalse(output.contains(DbServers.PASSWORD), "password printed: " + output);
        assertReadRows(only(out));
    }

    @Test
    void poolWaitTimeoutIsACountedErrorNotAHang() throws Exception {
        DbServers.mariadbRoot().close();
        Path out = tmp.resolve("pool-timeout");
        StringWriter err = new StringWriter();
        int code = Main.execute(err, run(out, "-e", "virtual", "-w", "jdbc:query=SELECT SLEEP(0.6),pool=1,pool-timeout=250ms",
                "-l", "batch:tasks=4", "--db", DbServers.MARIADB, "--db-user", DbServers.USER,
                "--db-password", DbServers.PASSWORD));
        assertEquals(1, code, err.toString());
        var s = only(out);
        assertEquals("failure", s.get("termination"));
        assertTrue(metric(s, "db_pool_timeouts") >= 1, metrics(s).toString());
        assertTrue(metric(s, "errors") >= metric(s, "db_pool_timeouts"));
    }

    @Test
    void wrongRowCountIsACountedError() throws Exception {
        DbServers.mariadbRoot().close();
        Path out = tmp.resolve("wrong-rows");
        // 1 or 2 rows by the parity of the session id: pooled sessions disagree with the one setUp asked
        int code = Main.execute(run(out, "-e", "virtual", "-w",
                "jdbc:query=SELECT * FROM fiberbench_hello WHERE id <= 1 + CONNECTION_ID() % 2", "-l", "batch:tasks=64",
                "--db", DbServers.MARIADB, "--db-user", DbServers.USER, "--db-password", DbServers.PASSWORD));
        assertEquals(1, code);
        var s = only(out);
        assertEquals("failure", s.get("termination"));
        assertTrue(((Number) database(s).get("wrong_results")).longValue() >= 1, String.valueOf(database(s)));
        assertTrue(String.valueOf(s.get("failure")).contains("rows, expected"), String.valueOf(s.get("failure")));
    }
}
