package org.fiberbench.workload.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;

/**
 * The two ways a query reaches the database, shared by the workload and {@link QueryPool} so both
 * measure the same path: {@code direct} borrows a pooled connection on the caller's thread;
 * {@code offload} hands the call to a fixed pool of platform threads (seed 001's
 * {@code db_executor}) and waits on the {@link CompletableFuture}, so a virtual thread parks
 * instead of blocking its carrier in the driver.
 */
final class JdbcCalls {
    private JdbcCalls() {
    }

    /** Seed 001's {@code execQuery}: borrow a connection, run the query, return the joined rows. */
    static String direct(DataSource pool, JdbcQuery query, long seq, int rows, long expectedRows) throws SQLException {
        try (Connection c = pool.getConnection()) {
            return query.execute(c, seq, rows, expectedRows);
        }
    }

    /** Runs {@code call} on {@code executor} and waits; its own exception is rethrown unwrapped. */
    static String offloaded(ExecutorService executor, Callable<String> call) throws Exception {
        CompletableFuture<String> f = CompletableFuture.supplyAsync(() -> {
            try {
                return call.call();
            } catch (Exception e) {
                throw new CompletionException(e);
            }
        }, executor);
        try {
            return f.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }

    /** The offload pool: daemon platform threads named {@code name}N, so a forgotten pool never keeps a JVM alive. */
    static ExecutorService offloadExecutor(int threads, String name) {
        return Executors.newFixedThreadPool(threads, Thread.ofPlatform().name(name, 0).daemon(true).factory());
    }

    /** Interrupts queries still running and waits a little for them, so no connection is borrowed after this. */
    static void shutdown(ExecutorService executor) {
        executor.shutdownNow();
        try {
            executor.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
