package org.fiberbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.workload.jdbc.HelloTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad database settings fail while planning (one line, exit 2, nothing written); a server that
 * drops sessions mid-run costs counted errors, not the run, and leaves no session behind.
 */
@ExtendWith(DbServers.Users.class)
class DatabaseFaultTest {
    static {
        System.setProperty("jmh.ignoreLock", "true");
    }

    @TempDir
    Path tmp;

    private String assertRejected(String expected, String... flags) {
        Path out = tmp.resolve("bad");
        StringWriter err = new StringWriter();
        String[] base = {"run", "-e", "virtual", "-l", "batch:tasks=5", "--out", out.toString()};
        String[] a = new String[base.length + flags.length];
        System.arraycopy(base, 0, a, 0, base.length);
        System.arraycopy(flags, 0, a, base.length, flags.length);
        int code = Main.execute(err, a);
        String msg = err.toString().trim();
        assertEquals(2, code, msg);
        assertTrue(msg.contains(expected), msg);
        assertEquals(1, msg.lines().count(), "one line: " + msg);
        assertFalse(Files.exists(out), "nothing measured, nothing written");
        return msg;
    }

    @Test
    void rejectsUnknownJdbcScheme() {
        assertRejected("is not a JDBC URL fiberbench accepts; accepted: jdbc:mariadb://",
                "-w", "jdbc", "--db", "jdbc:oracle:thin:@127.0.0.1:1521:x");
    }

    @Test
    void rejectsUnreachableServer() {
        assertRejected("cannot connect (is the server up?)", "-w", "jdbc", "--db", "jdbc:mariadb://127.0.0.1:1/test",
                "--db-user", "root");
    }

    @Test
    void rejectsWrongPasswordWithoutPrintingIt() throws Exception {
        DbServers.mariadbRoot().close();
        String msg = assertRejected("(wrong --db-user or --db-password?)", "-w", "jdbc", "--db", DbServers.MARIADB,
                "--db-user", DbServers.USER, "--db-password", "not-the-password-5150");
        assertFalse(msg.contains("not-the-password-5150"), msg);
    }

    @Test
    void rejectsUserWithoutWritePermissionWhenTheTableMustBeRefilled() throws Exception {
        try (Connection c = DbServers.mariadbRoot()) {
            HelloTable.ensure(c, HelloTable.DEFAULT_ROWS);
        }
        assertRejected("cannot read, create or fill table fiberbench_hello", "-w", "jdbc", "--rows", "7",
                "--db", DbServers.MARIADB, "--db-user", DbServers.READER, "--db-password", DbServers.READER_PASSWORD);
    }

    @Test
    void rejectsServerThatNeverAnswersAfterFiveSeconds() throws Exception {
        // accepts TCP connections (the kernel does) but never speaks: the driver alone would wait far longer
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            long t0 = System.nanoTime();
            assertRejected("no connection within 5 s (is the server up and the host reachable?)", "-w", "jdbc",
                    "--db", "jdbc:mariadb://127.0.0.1:" + silent.getLocalPort() + "/test", "--db-user", "root");
            assertTrue(System.nanoTime() - t0 < 30_000_000_000L, "planning gave up in time");
        }
    }

    @Test
    void rejectsUserWithoutAnyRightsOnTheDatabase() throws Exception {
        DbServers.mariadbRoot().close();
        String password = "fbN0rights-pw-51c";
        DbServers.withUserWithoutRights(password, user -> {
            String msg = assertRejected("cannot connect (missing permissions?)", "-w", "jdbc", "--db", DbServers.MARIADB,
                    "--db-user", user, "--db-password", password);
            assertTrue(msg.contains("Access denied for user '" + user + "'"), msg);
            assertFalse(msg.contains(password), msg);
        });
    }

    @Test
    void rejectsSqlErrorInCustomQuery() {
        assertRejected("workload 'jdbc:query=select nope from nowhere", "-w", "jdbc:query=select nope from nowhere");
    }

    /** Long enough (4 x 1 s of batches) for the killer to find the fork's sessions. */
    private static String[] longRun(Path out, String... rest) {
        String[] base = {"run", "--warmup", "0", "--iterations", "4", "--time", "1s", "--out", out.toString()};
        String[] a = new String[base.length + rest.length];
        System.arraycopy(base, 0, a, 0, base.length);
        System.arraycopy(rest, 0, a, base.length, rest.length);
        return a;
    }

    @Test
    void sessionsKilledMidRunAreCountedAndNoneIsLeft() throws Exception {
        DbServers.mariadbRoot().close();
        Path out = tmp.resolve("killed");
        Killer killer = Killer.start(() -> DbServers.mariadbSessions(DbServers.USER).size(), () -> {
            int n = 0;
            try (Connection c = DbServers.mariadbRoot(); Statement st = c.createStatement()) {
                for (long id : DbServers.mariadbSessions(DbServers.USER)) {
                    try {
                        st.execute("KILL " + id);
                        n++;
                    } catch (SQLException alreadyGone) {
                        // the session ended on its own
                    }
                }
            }
            return n;
        });
        // queries that hold their session for a while, so a kill hits one mid-query rather than an idle
        // pooled session that HikariCP would quietly replace on its next borrow
        int code = Main.execute(longRun(out, "-e", "virtual", "-w", "jdbc:query=SELECT SLEEP(0.2),via=direct",
                "-l", "batch:tasks=64",
                "--db", DbServers.MARIADB, "--db-user", DbServers.USER, "--db-password", DbServers.PASSWORD));
        killer.stop();
        assertTrue(killer.killed() > 0, "sessions were killed");
        assertEquals(1, code, "the scenario failed, the run completed");
        var s = DatabaseRunTest.only(out);
        assertEquals("failure", s.get("termination"));
        assertTrue(DatabaseRunTest.metric(s, "errors") >= 1, DatabaseRunTest.metrics(s).toString());
        assertEquals(0, DatabaseRunTest.metric(s, "db_leftover_sessions"));
        assertTrue(DbServers.mariadbSessions(DbServers.USER).isEmpty(), "no session left on the server");
    }

    @Test
    void backendsTerminatedMidRunAreCountedOnPostgres() throws Exception {
        DbServers.postgresUser(HelloTable.DEFAULT_ROWS);
        Path out = tmp.resolve("terminated");
        Killer killer = Killer.start(() -> DbServers.postgresSessions().size(), () -> {
            try (Connection c = DbServers.postgresRoot(); Statement st = c.createStatement()) {
                var rs = st.executeQuery("SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM pg_stat_activity"
                        + " WHERE application_name = 'fiberbench' AND usename = '" + DbServers.PG_USER + "'");
                rs.next();
                return rs.getInt(1);
            }
        });
        int code = Main.execute(longRun(out, "-e", "virtual", "-w", "jdbc:query=SELECT pg_sleep(0.2),via=offload",
                "-l", "batch:tasks=64",
                "--db", DbServers.POSTGRES, "--db-user", DbServers.PG_USER));
        killer.stop();
        assertTrue(killer.killed() > 0, "backends were terminated");
        assertEquals(1, code);
        var s = DatabaseRunTest.only(out);
        assertTrue(DatabaseRunTest.metric(s, "errors") >= 1, DatabaseRunTest.metrics(s).toString());
        assertTrue(DbServers.postgresSessions().isEmpty(), "no pooled session left on the server");
    }

    /**
     * The database vanishing mid-run (its proxy killed: every connection reset, new ones refused)
     * is the scenario's own failure, with the counters the fork wrote, not a harness error from
     * the session check after it; and the run says it could not count leftover sessions.
     */
    @Test
    @SuppressWarnings("unchecked")
    void databaseDyingMidRunKeepsTheScenariosOwnOutcome() throws Exception {
        DbServers.mariadbRoot().close();
        Path out = tmp.resolve("died");
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        java.io.PrintStream stderr = System.err;
        int code;
        try (TcpProxy proxy = TcpProxy.to(3306)) {
            Killer killer = Killer.start(() -> DbServers.mariadbSessions(DbServers.USER).size(), proxy::kill);
            System.setErr(new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8));
            try {
                code = Main.execute(longRun(out, "-e", "virtual", "-w", "jdbc:query=SELECT SLEEP(0.05),via=direct",
                        "-l", "batch:tasks=64", "--db", DbServers.MARIADB.replace(":3306/", ":" + proxy.port() + "/"),
                        "--db-user", DbServers.USER, "--db-password", DbServers.PASSWORD));
            } finally {
                System.setErr(stderr);
            }
            killer.stop();
            assertTrue(killer.killed() > 0, "the proxy was killed mid-run");
        }
        String log = err.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(1, code, log);
        var s = DatabaseRunTest.only(out);
        assertEquals("failure", s.get("termination"));
        String reason = (String) s.get("failure");
        assertFalse(reason.startsWith("harness error"), "the scenario's own reason: " + reason);
        var db = (java.util.Map<String, Object>) s.get("database");
        assertTrue(db != null && db.get("url") != null && db.get("server") != null, "database section: " + s);
        assertTrue(((Number) db.get("failed")).longValue() >= 1, "the fork's counters are kept: " + db);
        assertTrue(String.valueOf(db.get("session_check_error")).contains("cannot connect"), db.toString());
        var warnings = (java.util.List<String>) RunDirectory.read(out.resolve("results.json")).get("warnings");
        assertTrue(warnings.stream().anyMatch(w -> w.contains("sessions left open unknown")), warnings.toString());
        assertFalse(log.contains("\tat ") || log.contains("Exception in thread"), "no stack trace: " + log);
        assertFalse(log.contains(DbServers.PASSWORD), log);
    }

    /** Kills the run's sessions from another connection, as a server restart or an admin would. */
    static final class Killer {
        interface Kill {
            int once() throws Exception;
        }

        interface Count {
            int count() throws Exception;
        }

        private final AtomicInteger killed = new AtomicInteger();
        private volatile boolean stop;
        private Thread thread;
        private Count sessions;

        static Killer start(Count sessions, Kill kill) {
            Killer k = new Killer();
            k.sessions = sessions;
            k.thread = Thread.ofPlatform().daemon(true).name("session-killer").start(() -> k.loop(kill));
            return k;
        }

        /**
         * Waits for a fork's pool (8+ sessions: the parent's own checks open one at a time), lets
         * the batches start, then kills until something was killed and a second has passed.
         */
        private void loop(Kill kill) {
            long deadline = System.nanoTime() + 60_000_000_000L;
            try {
                while (!stop && System.nanoTime() < deadline && sessions.count() < 8) {
                    Thread.sleep(50);
                }
                Thread.sleep(500);
                long giveUp = System.nanoTime() + 5_000_000_000L;
                long firstKill = 0;
                while (!stop && System.nanoTime() < giveUp
                        && (firstKill == 0 || System.nanoTime() - firstKill < 1_000_000_000L)) {
                    int n = kill.once();
                    if (n > 0 && firstKill == 0) {
                        firstKill = System.nanoTime();
                    }
                    killed.addAndGet(n);
                    Thread.sleep(100);
                }
            } catch (Exception e) {
                // the test's assertions say what went wrong
            }
        }

        void stop() throws InterruptedException {
            stop = true;
            thread.join(5000);
        }

        int killed() {
            return killed.get();
        }
    }
}
