package org.fiberbench.db;

import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.concurrent.atomic.AtomicInteger;
import org.fiberbench.workload.jdbc.DbConnection;

/**
 * The default database: an H2 server in TCP mode inside this JVM, on 127.0.0.1 and an ephemeral
 * port, holding one in-memory database. Forks reach it through a real socket and the real H2
 * driver, like any server; closing shuts the database down and stops the server, so nothing
 * survives the scenario. The admin password is random, so the masking is exercised here too.
 */
final class EmbeddedH2 implements AutoCloseable {
    private static final AtomicInteger DATABASES = new AtomicInteger();
    private final org.h2.tools.Server server;
    private final DbConnection connection;

    private EmbeddedH2(org.h2.tools.Server server, DbConnection connection) {
        this.server = server;
        this.connection = connection;
    }

    static EmbeddedH2 start() throws SQLException {
        // H2 reads this once, when its first class loads: listen on loopback only
        if (System.getProperty("h2.bindAddress") == null) {
            System.setProperty("h2.bindAddress", "127.0.0.1");
        }
        org.h2.tools.Server server = org.h2.tools.Server.createTcpServer("-tcpPort", "0", "-ifNotExists").start();
        String name = "fiberbench-" + ProcessHandle.current().pid() + "-" + DATABASES.incrementAndGet();
        String url = "jdbc:h2:tcp://127.0.0.1:" + server.getPort() + "/mem:" + name + ";DB_CLOSE_DELAY=-1";
        byte[] secret = new byte[12];
        new SecureRandom().nextBytes(secret);
        DbConnection c = new DbConnection(url, "fiberbench", HexFormat.of().formatHex(secret));
        try (Connection first = DriverManager.getConnection(c.url(), c.user(), c.password())) {
            // the first connection creates the database with this user as its admin
        } catch (SQLException e) {
            server.stop();
            throw e;
        }
        return new EmbeddedH2(server, c);
    }

    DbConnection connection() {
        return connection;
    }

    @Override
    public void close() {
        try (Connection c = DriverManager.getConnection(connection.url(), connection.user(), connection.password());
             Statement st = c.createStatement()) {
            st.execute("SHUTDOWN");
        } catch (SQLException e) {
            // already down: the server stop below still frees the port
        } finally {
            server.stop();
        }
    }
}
