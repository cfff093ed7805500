package org.fiberbench.workload.jdbc;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicLong;
import org.fiberbench.spec.SpecException;

/**
 * The jdbc workload's queries on one long-lived pool, for a caller outside a fork: the HTTP
 * server's {@code /db}. Everything is the workload's: the pool ({@link Pools}, 16 connections,
 * 10 s timeout), the {@code point} and {@code scan} queries with their row checks, and the direct
 * and offload paths ({@link JdbcCalls}). Only {@code point} and {@code scan} are accepted: a caller
 * never sends SQL. Thread-safe: requests share the pool, the offload executor and one counter.
 */
public final class QueryPool implements AutoCloseable {
    private static final JdbcQuery POINT = JdbcQuery.parse("point");
    private static final JdbcQuery SCAN = JdbcQuery.parse("scan");

    private final HikariDataSource pool;
    private final ExecutorService offloadExecutor;
    private final int rows;
    /** Picks the row of each point query, so successive requests walk the table as the workload's tasks do. */
    private final AtomicLong seq = new AtomicLong();

    private QueryPool(HikariDataSource pool, ExecutorService offloadExecutor, int rows) {
        this.pool = pool;
        this.offloadExecutor = offloadExecutor;
        this.rows = rows;
    }

    /** Opens the pool on {@code db}, whose fiberbench_hello the caller has seeded with {@code rows} rows. */
    public static QueryPool open(DbConnection db, int rows) {
        HikariDataSource pool = Pools.open(db, JdbcOptions.DEFAULT_POOL, JdbcOptions.DEFAULT_POOL_TIMEOUT, "fiberbench-served");
        return new QueryPool(pool, JdbcCalls.offloadExecutor(JdbcOptions.defaultOffloadThreads(), JdbcWorkload.OFFLOAD_THREAD_NAME), rows);
    }

    /**
     * Throws a SpecException naming the bad value unless {@code query} is point or scan and
     * {@code via} direct or offload (null means the workload's defaults, scan and direct).
     */
    public static void check(String query, String via) {
        query(query);
        offload(via);
    }

    /**
     * Runs the query once and returns its rows, one line each, columns joined by commas.
     * A pool timeout throws {@link SQLTransientConnectionException} (see {@link #isPoolTimeout});
     * a failed query its SQLException; a wrong row count an IllegalStateException.
     */
    public String run(String query, String via) throws Exception {
        JdbcQuery q = query(query);
        long expected = q.kind() == JdbcQuery.Kind.POINT ? 1 : rows;
        long n = seq.getAndIncrement();
        return offload(via)
                ? JdbcCalls.offloaded(offloadExecutor, () -> JdbcCalls.direct(pool, q, n, rows, expected))
                : JdbcCalls.direct(pool, q, n, rows, expected);
    }

    /** HikariCP gave no connection within the pool timeout: the database is busy, not broken. */
    public static boolean isPoolTimeout(Throwable t) {
        return t instanceof SQLTransientConnectionException;
    }

    public static Duration poolTimeout() {
        return JdbcOptions.DEFAULT_POOL_TIMEOUT;
    }

    private static JdbcQuery query(String value) {
        String v = value == null ? "scan" : value.trim().toLowerCase(Locale.ROOT);
        return switch (v) {
            case "point" -> POINT;
            case "scan" -> SCAN;
            default -> throw new SpecException("query=" + value + " is not accepted; accepted: point, scan");
        };
    }

    private static boolean offload(String value) {
        String v = value == null ? "direct" : value.trim().toLowerCase(Locale.ROOT);
        return switch (v) {
            case "direct" -> false;
            case "offload" -> true;
            default -> throw new SpecException("via=" + value + " is not accepted; accepted: direct, offload");
        };
    }

    /** Stops the offload threads, then closes every pooled connection. */
    @Override
    public void close() {
        JdbcCalls.shutdown(offloadExecutor);
        pool.close();
    }
}
