package org.fiberbench.db;

import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.fiberbench.spec.Spec;
import org.fiberbench.workload.jdbc.DbConnection;

/**
 * The default database: an H2 server in TCP mode inside this JVM, on 127.0.0.1 and an ephemeral
 * port, holding one in-memory database. Forks reach it through a real socket and the real H2
 * driver, like any server; closing shuts the database down and stops the server, so nothing
 * survives the scenario.
 *
 * <p>The server runs code for whoever logs in, so it is shut tight: it serves this one database
 * and no other (H2's {@code -key}: any other name is refused, and without {@code -ifNotExists}
 * no client may create one); the database is made in this JVM before the server listens; its
 * admin and the forks' user have random passwords of their own; and the forks' user may only read
 * the PUBLIC schema, so it cannot define Java functions ({@code CREATE ALIAS} needs admin rights).
 * Where H2 has not yet loaded, {@code h2.allowedClasses} also keeps every class outside H2's own
 * out of reach of a function definition, even an admin's.
 */
final class EmbeddedH2 implements AutoCloseable {
    /** The only database name the server accepts: it maps to this instance's in-memory database. */
    static final String KEY = "fiberbench";
    static final String ADMIN = "fiberbench_admin";
    static final String USER = "fiberbench";
    private static final AtomicInteger DATABASES = new AtomicInteger();
    private static final SecureRandom RANDOM = new SecureRandom();
    private final org.h2.tools.Server server;
    private final DbConnection admin;
    private final DbConnection connection;

    private EmbeddedH2(org.h2.tools.Server server, DbConnection admin, DbConnection connection) {
        this.server = server;
        this.admin = admin;
        this.connection = connection;
    }

    static EmbeddedH2 start() throws SQLException {
        // H2 reads these once, when its first class loads: listen on loopback only, no user classes
        if (System.getProperty("h2.bindAddress") == null) {
            System.setProperty("h2.bindAddress", "127.0.0.1");
        }
        if (System.getProperty("h2.allowedClasses") == null) {
            System.setProperty("h2.allowedClasses", "org.h2.*");
        }
        String name = "mem:fiberbench-" + ProcessHandle.current().pid() + "-" + DATABASES.incrementAndGet();
        String adminPassword = secret();
        // made here, in this JVM: the server below may open it but never create a database
        Connection keeper = DriverManager.getConnection("jdbc:h2:" + name + ";DB_CLOSE_DELAY=-1", ADMIN, adminPassword);
        String userPassword = secret();
        try (keeper; Statement st = keeper.createStatement()) {
            st.execute("CREATE USER " + USER + " PASSWORD '" + userPassword + "'");
            st.execute("GRANT SELECT ON SCHEMA PUBLIC TO " + USER);
        }
        org.h2.tools.Server server;
        try {
            server = org.h2.tools.Server.createTcpServer("-tcpPort", "0", "-key", KEY, name).start();
        } catch (SQLException e) {
            shutdown("jdbc:h2:" + name, ADMIN, adminPassword);
            throw e;
        }
        String url = "jdbc:h2:tcp://127.0.0.1:" + server.getPort() + "/" + KEY;
        return new EmbeddedH2(server, new DbConnection(url, ADMIN, adminPassword), new DbConnection(url, USER, userPassword));
    }

    private static String secret() {
        byte[] b = new byte[16];
        RANDOM.nextBytes(b);
        return HexFormat.of().formatHex(b);
    }

    /** What forks use: fiberbench's user, which may read the table and do nothing else. */
    DbConnection connection() {
        return connection;
    }

    /** The database's admin: seeds the table and counts every session; never handed to a fork. */
    DbConnection admin() {
        return admin;
    }

    /**
     * {@link DbCheck#prepare}: the admin seeds fiberbench_hello, then the forks' user connects and
     * runs each workload's query once, so a query it may not run fails while planning.
     */
    String prepare(int rows, List<Spec> workloads) {
        DbCheck.prepare(admin, rows, List.of());
        return DbCheck.prepare(connection, rows, workloads);
    }

    @Override
    public void close() {
        try {
            shutdown(admin.url(), admin.user(), admin.password());
        } finally {
            server.stop();
        }
    }

    private static void shutdown(String url, String user, String password) {
        try (Connection c = DriverManager.getConnection(url, user, password); Statement st = c.createStatement()) {
            st.execute("SHUTDOWN");
        } catch (SQLException e) {
            // already down: the server stop after it still frees the port
        }
    }
}
