package org.fiberbench.db;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
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
import org.fiberbench.spec.SpecException;
import org.fiberbench.workload.jdbc.DbConnection;
import org.fiberbench.workload.jdbc.JdbcStats;
import org.fiberbench.workload.jdbc.JdbcWorkloads;

/**
 * Around each jdbc scenario: start the embedded server (when no --db, and no server is shared by
 * the whole command, see {@link SharedDatabase}) and seed it, serve the forks
 * their connection on a {@link SecretChannel} while the scenario runs, then read back the fork's query counters and check the server
 * for sessions the scenario left open. A server that fails before or after the scenario fails
 * that scenario with the server's own reason and keeps what was learnt in its {@code database}
 * section; it never turns into a harness error. Other scenarios pass through untouched.
 */
final class DbScenarioHook implements ScenarioHook {
    /** How long the server may take to notice that a finished fork's sockets are closed. */
    private static final long SESSION_SETTLE_MS = 3000;
    private final DbOptions options;
    /** The embedded server every scenario uses, or null: each scenario starts its own (or uses --db). */
    private final EmbeddedH2 shared;

    DbScenarioHook(DbOptions options) {
        this(options, null);
    }

    /** Every jdbc scenario on {@code shared}, which outlives them (its owner closes it); null as {@link #DbScenarioHook(DbOptions)}. */
    DbScenarioHook(DbOptions options, EmbeddedH2 shared) {
        this.options = options;
        this.shared = shared;
    }

    static boolean isJdbc(Scenario s) {
        return s.workload().kind().id().equals(JdbcWorkloads.ID);
    }

    @Override
    public ScenarioResult around(Scenario s, String id, RunDirectory run, ScenarioRunner next) throws Exception {
        if (!isJdbc(s)) {
            return next.run(s, id, run);
        }
        try (EmbeddedH2 started = options.embedded() && shared == null ? EmbeddedH2.start() : null) {
            EmbeddedH2 h2 = shared != null ? shared : started;
            DbConnection db = h2 != null ? h2.connection() : options.connection();
            Map<String, Object> section = section(db, h2 != null);
            String server;
            int before;
            DbConnection admin = h2 != null ? h2.admin() : db; // sees every session, which the forks' user may not
            try {
                server = h2 != null ? h2.prepare(options.rows(), List.of()) : DbCheck.prepare(db, options.rows(), List.of());
                before = DbCheck.sessions(admin);
            } catch (SpecException | SQLException e) {
                // the server went away since planning (or since the last scenario): this scenario's own failure
                String why = e instanceof SQLException q ? DbCheck.describe(db, "cannot count sessions", q) : e.getMessage();
                section.put("error", why);
                return new ScenarioResult(id, s.executor().canonical(), s.workload().canonical(), s.load().canonical())
                        .group(s.group()).failure(why).section("database", section);
            }
            section.put("server", server);
            return runForked(s, id, run, next, db, admin, section, before);
        }
    }

    private ScenarioResult runForked(Scenario s, String id, RunDirectory run, ScenarioRunner next, DbConnection db,
            DbConnection admin, Map<String, Object> section, int before) throws Exception {
        Path stats = run.scenarioFile(id, "-db.jsonl");
        try (SecretChannel secret = SecretChannel.open(db.secrets())) {
            List<String> jvm = new ArrayList<>(s.settings().jvmArgs());
            jvm.add(secret.jvmArg(DbConnection.PROPERTY));
            jvm.add("-D" + JdbcWorkloads.rowsProperty() + "=" + options.rows());
            jvm.add("-D" + JdbcStats.PROPERTY + "=" + stats);
            Scenario forked = s.withSettings(s.settings().withJvmArgs(jvm));
            ScenarioResult r = next.run(forked, id, run);
            record(r, db, section, stats);
            checkSessions(r, admin, section, before, id, run);
            return r;
        }
    }

    private Map<String, Object> section(DbConnection db, boolean embedded) {
        Map<String, Object> section = new LinkedHashMap<>();
        section.put("url", db.maskedUrl());
        section.put("user", db.user());
        section.put("server", null);
        section.put("embedded", embedded);
        section.put("rows", options.rows());
        return section;
    }

    /** The fork's counters, as far as it wrote them: a fork that died mid-run may have left none. */
    private void record(ScenarioResult r, DbConnection db, Map<String, Object> section, Path stats) {
        r.config("db_url", db.maskedUrl()).config("db_user", db.user()).config("db_rows", options.rows())
                .config("db_embedded", section.get("embedded"));
        r.section("database", section);
        Map<String, Object> counters;
        try {
            counters = JdbcStats.sum(stats);
        } catch (IOException | RuntimeException e) {
            section.put("stats_error", db.mask(String.valueOf(e.getMessage())));
            return;
        }
        if (counters.get("first_error") instanceof String e) {
            counters.put("first_error", db.mask(e));
        }
        r.metric("db_queries", counters.get("queries")).metric("db_pool_timeouts", counters.get("pool_timeouts"));
        if (r.metricValue("errors") == null) { // loop runners count failed tasks themselves
            r.metric("errors", counters.get("failed"));
        }
        section.putAll(counters);
        if (Files.exists(stats)) {
            r.file("db_stats", "scenarios/" + stats.getFileName());
        }
    }

    /**
     * Sessions the scenario left open. A server that cannot be reached any more (it died during
     * the scenario) leaves the count unknown and says so in a warning: the scenario's own
     * outcome, already recorded, is what the run reports.
     */
    private static void checkSessions(ScenarioResult r, DbConnection db, Map<String, Object> section, int before,
            String id, RunDirectory run) throws InterruptedException {
        try {
            int leftover = settledSessions(db, before);
            r.metric("db_leftover_sessions", leftover);
            section.put("leftover_sessions", leftover);
            if (leftover > 0) {
                run.warn("scenario " + id + " left " + leftover + " database sessions open on " + db);
            }
        } catch (SpecException | SQLException e) {
            String why = e instanceof SQLException q ? DbCheck.describe(db, "cannot count sessions", q) : e.getMessage();
            section.put("leftover_sessions", null);
            section.put("session_check_error", why);
            run.warn("scenario " + id + ": sessions left open unknown, the check after it failed: " + why);
        }
    }

    /** Sessions beyond those open before the scenario, once the server has had time to see the fork's sockets close. */
    private static int settledSessions(DbConnection db, int before) throws SQLException, InterruptedException {
        long deadline = System.nanoTime() + SESSION_SETTLE_MS * 1_000_000;
        int now = DbCheck.sessions(db);
        while (now > before && System.nanoTime() < deadline) {
            Thread.sleep(100);
            now = DbCheck.sessions(db);
        }
        return Math.max(0, now - before);
    }
}
