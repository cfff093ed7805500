package org.fiberbench.db;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.fiberbench.spec.Spec;
import org.fiberbench.spec.SpecException;
import org.fiberbench.workload.jdbc.DbConnection;
import org.fiberbench.workload.jdbc.Dialect;
import org.fiberbench.workload.jdbc.HelloTable;
import org.fiberbench.workload.jdbc.JdbcWorkloads;
import org.fiberbench.workload.jdbc.Pools;

/**
 * The parent's checks, run while planning so that a bad database setting fails before anything is
 * measured: connect within {@link #TIMEOUT}, make fiberbench_hello hold the requested rows, run
 * each custom query once. Every failure becomes a one-line {@link SpecException} that names the
 * database (password masked) and what went wrong.
 */
final class DbCheck {
    static final Duration TIMEOUT = Duration.ofSeconds(5);

    private DbCheck() {
    }

    /** A connection, or a SpecException after at most {@link #TIMEOUT} (an unreachable host must not hang planning). */
    static Connection connect(DbConnection db) {
        Pools.quietLogging();
        CompletableFuture<Connection> f = new CompletableFuture<>();
        Thread.ofPlatform().daemon(true).name("fiberbench-db-check").start(() -> {
            try {
                f.complete(DriverManager.getConnection(db.url(), properties(db)));
            } catch (Throwable t) {
                f.completeExceptionally(t);
            }
        });
        try {
            return f.get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            f.thenAccept(DbCheck::closeQuietly); // if it connects after all, do not leak the session
            throw new SpecException("database " + db + ": no connection within " + TIMEOUT.toSeconds()
                    + " s (is the server up and the host reachable?)");
        } catch (ExecutionException e) {
            throw new SpecException(describe(db, "cannot connect", e.getCause()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SpecException("database " + db + ": interrupted while connecting");
        }
    }

    private static Properties properties(DbConnection db) {
        Properties p = new Properties();
        p.setProperty("user", db.user());
        p.setProperty("password", db.password());
        switch (db.dialect()) {
            case POSTGRESQL -> {
                p.setProperty("connectTimeout", String.valueOf(TIMEOUT.toSeconds()));
                p.setProperty("ApplicationName", Dialect.APPLICATION_NAME + "-check");
            }
            case MARIADB, MYSQL -> p.setProperty("connectTimeout", String.valueOf(TIMEOUT.toMillis()));
            case H2 -> { }
        }
        return p;
    }

    /**
     * Connects, seeds fiberbench_hello and runs each workload's query once.
     *
     * @return the server's product name and version, for the results
     */
    static String prepare(DbConnection db, int rows, List<Spec> workloads) {
        try (Connection c = connect(db)) {
            try {
                HelloTable.ensure(c, rows);
            } catch (SQLException e) {
                throw new SpecException(describe(db, "cannot read, create or fill table " + HelloTable.NAME
                        + " (does the user have SELECT, CREATE, INSERT and DELETE on it?)", e));
            }
            for (Spec w : workloads) {
                try {
                    JdbcWorkloads.tryQuery(w, c);
                } catch (SQLException e) {
                    throw new SpecException(describe(db, "workload '" + w + "': the query fails", e));
                }
            }
            DatabaseMetaData md = c.getMetaData();
            return md.getDatabaseProductName() + " " + md.getDatabaseProductVersion();
        } catch (SQLException e) {
            throw new SpecException(describe(db, "error", e));
        }
    }

    /** Sessions of this user (MariaDB/MySQL), of the pool's application name (PostgreSQL) or all (H2), not counting this one. */
    static int sessions(DbConnection db) throws SQLException {
        try (Connection c = connect(db); PreparedStatement ps = c.prepareStatement(db.dialect().sessionsSql())) {
            if (db.dialect().bindsUser()) {
                ps.setString(1, db.user());
            }
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    static String describe(DbConnection db, String what, Throwable t) {
        String state = t instanceof SQLException s && s.getSQLState() != null ? s.getSQLState() : "";
        String message = t.getMessage() != null ? t.getMessage() : t.toString();
        String hint = state.startsWith("28") ? " (wrong --db-user or --db-password?)"
                : state.startsWith("08") ? " (is the server up?)"
                : state.startsWith("42") && message.toLowerCase(java.util.Locale.ROOT).contains("denied")
                        && !what.contains("(") ? " (missing permissions?)" // unless what already says which
                : "";
        return "database " + db + ": " + what + hint + ": " + firstLine(db.mask(message))
                + (state.isEmpty() ? "" : " [SQLState " + state + "]");
    }

    private static String firstLine(String s) {
        String line = s.strip().lines().findFirst().orElse("");
        return line.length() > 300 ? line.substring(0, 300) + "..." : line;
    }

    private static void closeQuietly(Connection c) {
        try {
            c.close();
        } catch (SQLException ignored) {
            // nothing to do: the check already failed
        }
    }
}
