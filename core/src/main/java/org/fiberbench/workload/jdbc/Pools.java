package org.fiberbench.workload.jdbc;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import org.fiberbench.workload.SharedClients;

/**
 * Makes the HikariCP pools the workload and the parent's checks use, and the clients a task queries
 * through ({@link #lease}, {@link #offloadExecutor}), which {@link SharedClients} lets two users of
 * one JVM share.
 */
public final class Pools {
    private Pools() {
    }

    /**
     * A fixed-size pool (minimum idle = maximum, like the seed's 16 connections made up front).
     * {@code connectionTimeout} bounds the wait for a free connection: past it the task fails with
     * {@link java.sql.SQLTransientConnectionException} and is counted, instead of hanging.
     */
    public static HikariDataSource open(DbConnection db, int size, Duration connectionTimeout, String name) {
        quietLogging();
        HikariConfig c = new HikariConfig();
        c.setJdbcUrl(db.url());
        c.setUsername(db.user());
        c.setPassword(db.password());
        c.setPoolName(name);
        c.setMaximumPoolSize(size);
        c.setMinimumIdle(size);
        c.setConnectionTimeout(connectionTimeout.toMillis());
        c.setValidationTimeout(Math.min(5000, Math.max(250, connectionTimeout.toMillis() / 2)));
        c.setInitializationFailTimeout(5000);
        c.setAutoCommit(true);
        c.setReadOnly(false);
        switch (db.dialect()) {
            case POSTGRESQL -> {
                c.addDataSourceProperty("ApplicationName", Dialect.APPLICATION_NAME);
                c.addDataSourceProperty("connectTimeout", "5");
            }
            case MARIADB, MYSQL -> c.addDataSourceProperty("connectTimeout", "5000");
            case H2 -> { }
        }
        return new HikariDataSource(c);
    }

    /**
     * {@link #open}'s pool, leased: while {@link SharedClients} is on, the JVM's one pool of this
     * size and connection timeout on this database and user (the first lease's {@code name}), else a
     * pool of its own. The reference benchmark and the jdbc workload lease theirs here, so in one fork
     * they get one pool exactly when their settings are the same.
     */
    public static SharedClients.Lease<HikariDataSource> lease(DbConnection db, int size, Duration connectionTimeout, String name) {
        return SharedClients.lease(new PoolKey(db.url(), db.user(), size, connectionTimeout),
                "HikariCP pool of " + size + " connections", () -> open(db, size, connectionTimeout, name), HikariDataSource::close);
    }

    /**
     * A fixed pool of {@code threads} daemon platform threads named {@code name}N to run queries on
     * (seed 001's {@code db_executor}), leased as {@link #lease} leases a pool; closing the last
     * lease interrupts queries still running and waits up to 5 s for them.
     */
    public static SharedClients.Lease<ExecutorService> offloadExecutor(int threads, String name) {
        return SharedClients.lease(new ExecutorKey(threads), "offload executor of " + threads + " threads",
                () -> JdbcCalls.offloadExecutor(threads, name), JdbcCalls::shutdown);
    }

    /** What makes two pools interchangeable; no password (one user has one). */
    private record PoolKey(String url, String user, int size, Duration connectionTimeout) {
    }

    private record ExecutorKey(int threads) {
    }

    /**
     * HikariCP and the MariaDB driver log through SLF4J: keep their INFO chatter out of JMH's log and
     * the driver's copy of every server error (fiberbench reports those itself, once) out of the
     * one-line messages. Takes effect only before the first logger exists, so every entry point calls it.
     */
    public static void quietLogging() {
        System.getProperties().putIfAbsent("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        System.getProperties().putIfAbsent("org.slf4j.simpleLogger.log.org.mariadb.jdbc", "error");
        // a connection the server dropped: counted by the workload, no stack trace per connection
        System.getProperties().putIfAbsent("org.slf4j.simpleLogger.log.com.zaxxer.hikari.pool.ProxyConnection", "error");
    }
}
