package org.fiberbench.db;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fiberbench.engine.Scenario;
import org.fiberbench.engine.ScenarioHook;
import org.fiberbench.engine.ScenarioRunner;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.result.ScenarioResult;
import org.fiberbench.secret.SecretChannel;
import org.fiberbench.workload.jdbc.DbConnection;
import org.fiberbench.workload.jdbc.JdbcStats;
import org.fiberbench.workload.jdbc.JdbcWorkloads;

/**
 * Around each jdbc scenario: start the embedded server (when no --db) and seed it, serve the forks
 * their connection on a {@link SecretChannel} while the scenario runs, then read back the fork's query counters and check the server
 * for sessions the scenario left open. Other scenarios pass through untouched.
 */
final class DbScenarioHook implements ScenarioHook {
    /** How long the server may take to notice that a finished fork's sockets are closed. */
    private static final long SESSION_SETTLE_MS = 3000;
    private final DbOptions options;

    DbScenarioHook(DbOptions options) {
        this.options = options;
    }

    static boolean isJdbc(Scenario s) {
        return s.workload().kind().id().equals(JdbcWorkloads.ID);
    }

    @Override
    public ScenarioResult around(Scenario s, String id, RunDirectory run, ScenarioRunner next) throws Exception {
        if (!isJdbc(s)) {
            return next.run(s, id, run);
        }
        try (EmbeddedH2 h2 = options.embedded() ? EmbeddedH2.start() : null) {
            DbConnection db = h2 != null ? h2.connection() : options.connection();
            DbConnection admin = h2 != null ? h2.admin() : db; // sees every session, which the forks' user may not
            String server = h2 != null ? h2.prepare(options.rows(), List.of()) : DbCheck.prepare(db, options.rows(), List.of());
            int before = DbCheck.sessions(admin);
            Path stats = run.scenarioFile(id, "-db.jsonl");
            try (SecretChannel secret = SecretChannel.open(db.secrets())) {
                List<String> jvm = new ArrayList<>(s.settings().jvmArgs());
                jvm.add(secret.jvmArg(DbConnection.PROPERTY));
                jvm.add("-D" + JdbcWorkloads.rowsProperty() + "=" + options.rows());
                jvm.add("-D" + JdbcStats.PROPERTY + "=" + stats);
                Scenario forked = new Scenario(s.executor(), s.workload(), s.load(), s.settings().withJvmArgs(jvm), s.group());
                ScenarioResult r = next.run(forked, id, run);
                record(r, db, server, h2 != null, stats);
                int leftover = settledSessions(admin, before);
                r.metric("db_leftover_sessions", leftover);
                if (leftover > 0) {
                    run.warn("scenario " + id + " left " + leftover + " database sessions open on " + db);
                }
                return r;
            }
        }
    }

    private void record(ScenarioResult r, DbConnection db, String server, boolean embedded, Path stats) throws Exception {
        Map<String, Object> counters = JdbcStats.sum(stats);
        if (counters.get("first_error") instanceof String e) {
            counters.put("first_error", db.mask(e));
        }
        r.config("db_url", db.maskedUrl()).config("db_user", db.user()).config("db_rows", options.rows())
                .config("db_embedded", embedded)
                .metric("db_queries", counters.get("queries"))
                .metric("db_pool_timeouts", counters.get("pool_timeouts"));
        if (r.metricValue("errors") == null) { // loop runners count failed tasks themselves
            r.metric("errors", counters.get("failed"));
        }
        Map<String, Object> section = new LinkedHashMap<>();
        section.put("url", db.maskedUrl());
        section.put("user", db.user());
        section.put("server", server);
        section.put("embedded", embedded);
        section.put("rows", options.rows());
        section.putAll(counters);
        r.section("database", section);
        if (Files.exists(stats)) {
            r.file("db_stats", "scenarios/" + stats.getFileName());
        }
    }

    /** Sessions beyond those open before the scenario, once the server has had time to see the fork's sockets close. */
    private static int settledSessions(DbConnection db, int before) throws Exception {
        long deadline = System.nanoTime() + SESSION_SETTLE_MS * 1_000_000;
        int now = DbCheck.sessions(db);
        while (now > before && System.nanoTime() < deadline) {
            Thread.sleep(100);
            now = DbCheck.sessions(db);
        }
        return Math.max(0, now - before);
    }
}
