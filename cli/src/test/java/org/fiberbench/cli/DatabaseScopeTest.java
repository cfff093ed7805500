package org.fiberbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a database run may touch and what it counts: an H2 server the user names with --db, no
 * table but fiberbench_hello, and a custom query that passes the check but starts failing mid-run.
 */
@ExtendWith(DbServers.Users.class)
class DatabaseScopeTest {
    static {
        System.setProperty("jmh.ignoreLock", "true");
    }

    @TempDir
    Path tmp;

    @Test
    void h2ServerNamedByDbIsReadThroughTheTcpDriver() throws Exception {
        System.getProperties().putIfAbsent("h2.bindAddress", "127.0.0.1");
        org.h2.tools.Server h2 = org.h2.tools.Server.createTcpServer("-tcpPort", "0", "-ifNotExists").start();
        try {
            Path out = tmp.resolve("h2tcp");
            String url = "jdbc:h2:tcp://127.0.0.1:" + h2.getPort() + "/mem:scope-" + ProcessHandle.current().pid()
                    + ";DB_CLOSE_DELAY=-1";
            assertEquals(0, Main.execute(DatabaseRunTest.run(out, "-e", "platform:fixed=4", "-w", "jdbc:query=point",
                    "-l", "batch:tasks=50", "--db", url, "--db-user", "sa", "--db-password", "h2-scope-pw")));
            var s = DatabaseRunTest.only(out);
            DatabaseRunTest.assertReadRows(s);
            assertEquals(false, DatabaseRunTest.database(s).get("embedded"));
        } finally {
            h2.stop();
        }
    }

    /** Each table of {@code db} with its checksum: any write to any of them changes this. */
    private static List<String> tables(Statement st, String db) throws Exception {
        List<String> names = new ArrayList<>();
        try (ResultSet rs = st.executeQuery("SELECT table_name FROM information_schema.tables WHERE table_schema = '"
                + db + "' ORDER BY table_name")) {
            while (rs.next()) {
                names.add(rs.getString(1));
            }
        }
        List<String> out = new ArrayList<>();
        for (String t : names) {
            try (ResultSet rs = st.executeQuery("CHECKSUM TABLE " + db + "." + t)) {
                rs.next();
                out.add(t + " " + rs.getLong(2));
            }
        }
        return out;
    }

    @Test
    void aRunCreatesItsOwnTableAndTouchesNoOther() throws Exception {
        // a database of this test's own: creating and filling fiberbench_hello here disturbs no other run
        String db = "fb_scope_" + ProcessHandle.current().pid();
        try (Connection c = DbServers.mariadbRoot(); Statement st = c.createStatement()) {
            st.execute("CREATE DATABASE IF NOT EXISTS " + db);
            st.execute("CREATE TABLE IF NOT EXISTS " + db + ".other (id INT PRIMARY KEY, v VARCHAR(20))");
            st.execute("REPLACE INTO " + db + ".other VALUES (1, 'untouched')");
            st.execute("GRANT ALL ON " + db + ".* TO '" + DbServers.USER + "'@'127.0.0.1'");
            try {
                List<String> before = tables(st, db);
                Path out = tmp.resolve("scope");
                assertEquals(0, Main.execute(DatabaseRunTest.run(out, "-e", "virtual", "-w", "jdbc:query=scan,via=offload",
                        "-l", "batch:tasks=50", "--rows", "12", "--db", "jdbc:mariadb://127.0.0.1:3306/" + db,
                        "--db-user", DbServers.USER, "--db-password", DbServers.PASSWORD)));
                DatabaseRunTest.assertReadRows(DatabaseRunTest.only(out));
                List<String> after = tables(st, db);
                assertEquals(before.size() + 1, after.size(), "one table added: " + after);
                assertTrue(after.get(0).startsWith("fiberbench_hello "), after.toString());
                assertEquals(before, after.subList(1, after.size()), "another table changed");
                try (ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM " + db + ".fiberbench_hello")) {
                    rs.next();
                    assertEquals(12, rs.getInt(1), "--rows");
                }
            } finally {
                st.execute("DROP DATABASE IF EXISTS " + db);
            }
        }
    }

    @Test
    void queryThatStartsFailingMidRunIsCountedNotScored() throws Exception {
        long failFrom;
        try (Connection c = DbServers.mariadbRoot(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT UNIX_TIMESTAMP()")) {
            rs.next();
            failFrom = rs.getLong(1) + 8; // the planning check and the fork's setUp pass; its batches fail seconds in
        }
        Path out = tmp.resolve("fails-later");
        // a subquery of two rows where one value is expected: SQL error 1242, only once the clock passes failFrom
        String query = "\"SELECT id FROM fiberbench_hello WHERE id = IF(UNIX_TIMESTAMP() < " + failFrom
                + ", 1, (SELECT 1 UNION SELECT 2))\"";
        int code = Main.execute("run", "-e", "virtual", "-w", "jdbc:query=" + query, "-l", "batch:tasks=20",
                "--warmup", "0", "--iterations", "20", "--time", "1s", "--out", out.toString(),
                "--db", DbServers.MARIADB, "--db-user", DbServers.USER, "--db-password", DbServers.PASSWORD);
        assertEquals(1, code, "the scenario failed, the run completed");
        var s = DatabaseRunTest.only(out);
        assertEquals("failure", s.get("termination"));
        assertTrue(DatabaseRunTest.metric(s, "errors") >= 1, DatabaseRunTest.metrics(s).toString());
        assertTrue(DatabaseRunTest.metric(s, "db_queries") > DatabaseRunTest.metric(s, "errors"), "some queries passed first");
        String first = String.valueOf(DatabaseRunTest.database(s).get("first_error"));
        assertTrue(first.contains("Subquery returns more than 1 row"), first);
        assertEquals(0, DatabaseRunTest.metric(s, "db_leftover_sessions"));
    }
}
