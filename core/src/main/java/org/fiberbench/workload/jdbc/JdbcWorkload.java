package org.fiberbench.workload.jdbc;

import com.zaxxer.hikari.HikariDataSource;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;
import org.fiberbench.workload.SharedClients;
import org.fiberbench.workload.Workload;

/**
 * Seed 001's task. {@code direct}: the task's own thread borrows a pooled connection and runs
 * {@code execQuery}. {@code offload}: the task hands {@code execQuery} to a separate fixed pool of
 * platform threads (the seed's {@code db_executor}) and waits on a {@code CompletableFuture}, so
 * a virtual thread parks instead of blocking its carrier in the driver ({@link JdbcCalls}). Thread-safe: tasks share
 * only the pool, the executor and lock-free counters. The pool and the executor are leased ({@link Pools#lease},
 * {@link Pools#offloadExecutor}): the workload's own, except in a JVM that shares clients ({@link SharedClients}).
 */
final class JdbcWorkload implements Workload {
    /** System property of a fork: rows of fiberbench_hello, as the parent seeded it. */
    static final String ROWS_PROPERTY = "fiberbench.db.rows";
    /** The offload executor's threads: fiberbench-db-0, -1, ... */
    static final String OFFLOAD_THREAD_NAME = "fiberbench-db-";

    private final JdbcOptions options;
    private final JdbcStats stats = new JdbcStats();
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile SharedClients.Lease<HikariDataSource> poolLease;
    private volatile SharedClients.Lease<ExecutorService> executorLease;
    private volatile HikariDataSource pool;
    private volatile ExecutorService dbExecutor;
    private Thread exitHook;
    private int rows;
    private long expectedRows;

    JdbcWorkload(JdbcOptions options) {
        this.options = options;
    }

    @Override
    public String spec() {
        return options.canonical();
    }

    @Override
    public void setUp() throws Exception {
        DbConnection db = DbConnection.fromSystemProperty();
        // a failed setUp or batch ends the fork without tearDown: the pool must still close and the
        // counters still reach the parent
        exitHook = new Thread(this::closeQuietly, "fiberbench-db-stats");
        Runtime.getRuntime().addShutdownHook(exitHook);
        rows = Integer.getInteger(ROWS_PROPERTY, HelloTable.DEFAULT_ROWS);
        poolLease = Pools.lease(db, options.pool(), options.poolTimeout(), "fiberbench");
        pool = poolLease.get();
        try (Connection c = pool.getConnection()) {
            long have = HelloTable.count(c);
            if (have != rows) {
                throw new IllegalStateException(HelloTable.NAME + " holds " + have + " rows, expected " + rows);
            }
            expectedRows = switch (options.query().kind()) {
                case POINT -> 1;
                case SCAN -> rows;
                case CUSTOM -> options.query().rowCount(c);
            };
        }
        if (options.offload()) {
            executorLease = Pools.offloadExecutor(options.offloadThreads(), OFFLOAD_THREAD_NAME);
            dbExecutor = executorLease.get();
        }
    }

    @Override
    public void run(long seq) throws Exception {
        try {
            String result = options.offload() ? offloaded(seq) : execQuery(seq);
            if (result.isEmpty() && expectedRows != 0) {
                throw new JdbcQuery.WrongResultException("query '" + options.query().text() + "' returned an empty result");
            }
            stats.succeeded();
        } catch (Exception e) {
            stats.failed(e);
            throw e;
        }
    }

    private String execQuery(long seq) throws Exception {
        return JdbcCalls.direct(pool, options.query(), seq, rows, expectedRows);
    }

    private String offloaded(long seq) throws Exception {
        return JdbcCalls.offloaded(dbExecutor, () -> execQuery(seq));
    }

    @Override
    public void close() throws Exception {
        if (exitHook != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(exitHook);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running or about to: it closes
            }
        }
        closeQuietly();
    }

    /**
     * Closes the executor and the pool, or lets go of them where another user still holds them (no
     * connection outlives the last user), then reports the counters once.
     */
    private void closeQuietly() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        if (executorLease != null) {
            executorLease.close();
        }
        if (poolLease != null) {
            poolLease.close();
        }
        String file = System.getProperty(JdbcStats.PROPERTY);
        if (file != null) {
            try {
                stats.append(Path.of(file));
            } catch (java.io.IOException e) {
                System.err.println("fiberbench: cannot write query counters to " + file + ": " + e);
            }
        }
    }
}
