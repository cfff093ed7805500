package org.fiberbench.workload.jdbc;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.time.Duration;

/** Makes the HikariCP pools the workload and the parent's checks use. */
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

    /** HikariCP logs through SLF4J: keep its INFO chatter out of JMH's log, keep its warnings. */
    static void quietLogging() {
        if (System.getProperty("org.slf4j.simpleLogger.defaultLogLevel") == null) {
            System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        }
    }
}
