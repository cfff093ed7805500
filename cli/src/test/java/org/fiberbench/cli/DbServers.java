package org.fiberbench.cli;

import static org.junit.jupiter.api.Assertions.fail;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.fiberbench.workload.jdbc.HelloTable;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The real database servers of this machine, for the database tests: MariaDB on 3306 (root, no
 * password) and PostgreSQL on 5432 (trust). A missing server skips a test, except under CI=true,
 * where it fails it. The MariaDB tests run in a database and as users that carry this JVM's pid,
 * so test runs of other checkouts on the same server never see each other's sessions or refill
 * each other's fiberbench_hello; {@link #dropUsers} removes them all.
 */
final class DbServers {
    private static final long PID = ProcessHandle.current().pid();
    /** Always there: where root connects to make the tests' database. */
    private static final String MARIADB_ADMIN = "jdbc:mariadb://127.0.0.1:3306/test";
    private static final String DATABASE = "fb_" + PID;
    static final String MARIADB = "jdbc:mariadb://127.0.0.1:3306/" + DATABASE;
    static final String MYSQL = "jdbc:mysql://127.0.0.1:3306/" + DATABASE;
    static final String POSTGRES = "jdbc:postgresql://127.0.0.1:5432/test";
    /** A user with all rights on the tests' database, and a password the masking test looks for. */
    static final String USER = "fb_test_" + PID;
    static final String PASSWORD = "fbT3st-pw-7d41c";
    /** A user that may read the tests' database but not write it. */
    static final String READER = "fb_reader_" + PID;
    static final String READER_PASSWORD = "fbR3ader-pw-2e9a";
    private static final String[] HOSTS = {"127.0.0.1", "localhost"};
    /** A PostgreSQL role (trust: no password) that may read fiberbench_hello, owned by this JVM's tests. */
    static final String PG_USER = "fb_pg_" + PID;

    private DbServers() {
    }

    /**
     * For a test class that runs fiberbench against the servers: makes the MariaDB users (when MariaDB
     * is up) before its first test, and removes them, the tests' database and the PostgreSQL role after
     * its last. Use with {@code @ExtendWith(DbServers.Users.class)}.
     */
    static final class Users implements BeforeAllCallback, AfterAllCallback {
        @Override
        public void beforeAll(ExtensionContext context) throws Exception {
            if (mariadbUp()) {
                mariadbUsers();
            }
        }

        @Override
        public void afterAll(ExtensionContext context) throws Exception {
            dropUsers();
            dropPostgresUser();
        }
    }

    private static volatile String postgresUser;

    /** {@code postgres}, or {@code root} where the cluster was set up with that role instead. */
    static String postgresUser() {
        if (postgresUser == null) {
            postgresUser = "postgres";
            try (Connection c = DriverManager.getConnection(POSTGRES + "?connectTimeout=3", "postgres", "")) {
                return postgresUser;
            } catch (SQLException e) {
                postgresUser = "root";
            }
        }
        return postgresUser;
    }

    /** Whether MariaDB answers, without failing or skipping anything. */
    static boolean mariadbUp() {
        try (Connection c = DriverManager.getConnection(MARIADB_ADMIN + "?connectTimeout=2000", "root", "")) {
            return true;
        } catch (SQLException e) {
            return false;
        }
    }

    /** Root, in the tests' own database (made on first use). */
    static Connection mariadbRoot() throws SQLException {
        Connection c = connect(MARIADB_ADMIN, "root", "", "MariaDB");
        try (Statement st = c.createStatement()) {
            st.execute("CREATE DATABASE IF NOT EXISTS " + DATABASE);
            st.execute("USE " + DATABASE);
        } catch (SQLException e) {
            c.close();
            throw e;
        }
        return c;
    }

    static Connection postgresRoot() {
        return connect(POSTGRES, postgresUser(), "", "PostgreSQL");
    }

    private static Connection connect(String url, String user, String password, String name) {
        Properties p = new Properties();
        p.setProperty("user", user);
        p.setProperty("password", password);
        p.setProperty("connectTimeout", url.contains("postgresql") ? "3" : "3000");
        try {
            return DriverManager.getConnection(url, p);
        } catch (SQLException e) {
            String why = name + " is not reachable at " + url + ": " + e.getMessage();
            if ("true".equals(System.getenv("CI"))) {
                fail(why + " (CI=true: database tests must not skip)");
            }
            Assumptions.abort(why);
            throw new AssertionError(why);
        }
    }

    /** Makes the tests' MariaDB users exist with known passwords and rights. */
    static void mariadbUsers() throws SQLException {
        try (Connection c = mariadbRoot(); Statement st = c.createStatement()) {
            for (String host : HOSTS) {
                createUser(st, USER, host, PASSWORD);
                st.execute("GRANT ALL ON " + DATABASE + ".* TO '" + USER + "'@'" + host + "'");
                createUser(st, READER, host, READER_PASSWORD);
                st.execute("GRANT SELECT ON " + DATABASE + ".* TO '" + READER + "'@'" + host + "'");
            }
        }
    }

    /** Removes the users {@link #mariadbUsers} made and the tests' database; a no-op when MariaDB is down. */
    static void dropUsers() throws SQLException {
        if (!mariadbUp()) {
            return;
        }
        try (Connection c = mariadbRoot(); Statement st = c.createStatement()) {
            for (String host : HOSTS) {
                st.execute("DROP USER IF EXISTS '" + USER + "'@'" + host + "', '" + READER + "'@'" + host + "'");
            }
            st.execute("DROP DATABASE IF EXISTS " + DATABASE);
        }
    }

    /** A MariaDB user that may log in but has no right on any database, for {@code body}; dropped after it. */
    static void withUserWithoutRights(String password, UserBody body) throws Exception {
        String user = "fb_norights_" + PID;
        try (Connection c = mariadbRoot(); Statement st = c.createStatement()) {
            for (String host : HOSTS) {
                createUser(st, user, host, password);
            }
            try {
                body.run(user);
            } finally {
                for (String host : HOSTS) {
                    st.execute("DROP USER IF EXISTS '" + user + "'@'" + host + "'");
                }
            }
        }
    }

    /** A MariaDB user with all rights on the tests' database and {@code password}, for {@code body}; dropped after it. */
    static void withUser(String name, String password, UserBody body) throws Exception {
        String user = name + "_" + PID;
        try (Connection c = mariadbRoot(); Statement st = c.createStatement()) {
            for (String host : HOSTS) {
                createUser(st, user, host, password);
                st.execute("GRANT ALL ON " + DATABASE + ".* TO '" + user + "'@'" + host + "'");
            }
            try {
                body.run(user);
            } finally {
                for (String host : HOSTS) {
                    st.execute("DROP USER IF EXISTS '" + user + "'@'" + host + "'");
                }
            }
        }
    }

    interface UserBody {
        void run(String user) throws Exception;
    }

    private static void createUser(Statement st, String user, String host, String password) throws SQLException {
        st.execute("CREATE USER IF NOT EXISTS '" + user + "'@'" + host + "'");
        st.execute("ALTER USER '" + user + "'@'" + host + "' IDENTIFIED BY '" + password + "'");
    }

    /** Session ids of {@code user} on MariaDB. */
    static List<Long> mariadbSessions(String user) throws SQLException {
        try (Connection c = mariadbRoot();
             PreparedStatement ps = c.prepareStatement("SELECT id FROM information_schema.processlist WHERE user = ?")) {
            ps.setString(1, user);
            return ids(ps);
        }
    }

    /** Makes {@link #PG_USER} exist and read a fiberbench_hello of the default size (seeded by the superuser). */
    static void postgresUser(int rows) throws SQLException {
        try (Connection c = postgresRoot(); Statement st = c.createStatement()) {
            HelloTable.ensure(c, rows);
            try (var rs = st.executeQuery("SELECT 1 FROM pg_roles WHERE rolname = '" + PG_USER + "'")) {
                if (!rs.next()) {
                    st.execute("CREATE ROLE " + PG_USER + " LOGIN");
                }
            }
            st.execute("GRANT SELECT ON " + HelloTable.NAME + " TO " + PG_USER);
        }
    }

    /** Removes {@link #PG_USER} and its grant; a no-op when PostgreSQL is down. */
    static void dropPostgresUser() {
        try (Connection c = DriverManager.getConnection(POSTGRES + "?connectTimeout=3", postgresUser(), "");
             Statement st = c.createStatement()) {
            st.execute("DROP OWNED BY " + PG_USER);
            st.execute("DROP ROLE IF EXISTS " + PG_USER);
        } catch (SQLException e) {
            // down, or the role never existed: nothing to remove
        }
    }

    /** Backend pids of fiberbench's pooled connections of {@link #PG_USER} on PostgreSQL. */
    static List<Long> postgresSessions() throws SQLException {
        try (Connection c = postgresRoot(); PreparedStatement ps = c.prepareStatement(
                "SELECT pid FROM pg_stat_activity WHERE application_name = 'fiberbench' AND usename = ?")) {
            ps.setString(1, PG_USER);
            return ids(ps);
        }
    }

    private static List<Long> ids(PreparedStatement ps) throws SQLException {
        List<Long> out = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(rs.getLong(1));
            }
        }
        return out;
    }
}
