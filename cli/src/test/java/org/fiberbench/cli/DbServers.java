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
import org.junit.jupiter.api.Assumptions;

/**
 * The real database servers of this machine, for the database tests: MariaDB on 3306 (root, no
 * password) and PostgreSQL on 5432 (trust). A missing server skips a test, except under CI=true,
 * where it fails it. The tests' own MariaDB users are created here, idempotently.
 */
final class DbServers {
    static final String MARIADB = "jdbc:mariadb://127.0.0.1:3306/test";
    static final String MYSQL = "jdbc:mysql://127.0.0.1:3306/test";
    static final String POSTGRES = "jdbc:postgresql://127.0.0.1:5432/test";
    /** A user with all rights on database test, and a password the masking test looks for. */
    static final String USER = "fb_test";
    static final String PASSWORD = "fbT3st-pw-7d41c";
    /** A user that may read database test but not write it. */
    static final String READER = "fb_reader";
    static final String READER_PASSWORD = "fbR3ader-pw-2e9a";

    private DbServers() {
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
        try (Connection c = DriverManager.getConnection(MARIADB + "?connectTimeout=2000", "root", "")) {
            return true;
        } catch (SQLException e) {
            return false;
        }
    }

    static Connection mariadbRoot() {
        return connect(MARIADB, "root", "", "MariaDB");
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
            for (String host : new String[] {"127.0.0.1", "localhost"}) {
                st.execute("CREATE USER IF NOT EXISTS '" + USER + "'@'" + host + "'");
                st.execute("ALTER USER '" + USER + "'@'" + host + "' IDENTIFIED BY '" + PASSWORD + "'");
                st.execute("GRANT ALL ON test.* TO '" + USER + "'@'" + host + "'");
                st.execute("CREATE USER IF NOT EXISTS '" + READER + "'@'" + host + "'");
                st.execute("ALTER USER '" + READER + "'@'" + host + "' IDENTIFIED BY '" + READER_PASSWORD + "'");
                st.execute("GRANT SELECT ON test.* TO '" + READER + "'@'" + host + "'");
            }
        }
    }

    /** Session ids of {@code user} on MariaDB. */
    static List<Long> mariadbSessions(String user) throws SQLException {
        try (Connection c = mariadbRoot();
             PreparedStatement ps = c.prepareStatement("SELECT id FROM information_schema.processlist WHERE user = ?")) {
            ps.setString(1, user);
            return ids(ps);
        }
    }

    /** Backend pids of fiberbench's pooled connections on PostgreSQL. */
    static List<Long> postgresSessions() throws SQLException {
        try (Connection c = postgresRoot();
             PreparedStatement ps = c.prepareStatement("SELECT pid FROM pg_stat_activity WHERE application_name = 'fiberbench'")) {
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
