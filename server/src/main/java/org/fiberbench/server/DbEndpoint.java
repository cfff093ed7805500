package org.fiberbench.server;

import java.util.concurrent.locks.ReentrantLock;
import org.fiberbench.db.DbOptions;
import org.fiberbench.db.ServedDatabase;
import org.fiberbench.spec.SpecException;
import org.fiberbench.workload.jdbc.QueryPool;

/**
 * {@code GET /db?query=point|scan&via=direct|offload}: the jdbc workload's query on the server's
 * own pool. 200 with the rows (one line each); 400 for a bad parameter; 503 when no pooled
 * connection came within the pool timeout or the database cannot be opened; 500 when the query
 * fails or returns the wrong rows. Error bodies are one line with the password masked.
 *
 * <p>The database is the one {@code serve} opened and checked before listening, or, for a server
 * started without one (the {@code server} suite's fork, tests), an embedded H2 server opened by the
 * first {@code /db} request: a server that never sees {@code /db} starts no database threads that
 * would show in its resource timeline. Thread-safe: the lazy open takes a {@link ReentrantLock}
 * rather than a monitor because requests may run on virtual threads.
 */
final class DbEndpoint implements AutoCloseable {
    private final ReentrantLock lock = new ReentrantLock();
    private volatile ServedDatabase database;
    private boolean closed; // guarded by lock

    /** {@code database}: null opens the embedded default on first use. Closed with this endpoint. */
    DbEndpoint(ServedDatabase database) {
        this.database = database;
    }

    /** The query's work for the request queue; a bad {@code query} or {@code via} is a 400 before it waits. */
    RequestQueue.Work work(String query, String via) throws BenchServlet.BadParameter {
        try {
            QueryPool.check(query, via);
        } catch (SpecException e) {
            throw new BenchServlet.BadParameter(e.getMessage());
        }
        return job -> run(query, via);
    }

    private Reply run(String query, String via) throws InterruptedException {
        ServedDatabase db;
        try {
            db = database();
        } catch (Exception e) {
            return new Reply(503, "503 database unavailable: " + oneLine(e));
        }
        try {
            String rows = db.query(query, via);
            return new Reply(200, rows.endsWith("\n") ? rows.substring(0, rows.length() - 1) : rows);
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            if (QueryPool.isPoolTimeout(e)) {
                return new Reply(503, "503 database busy: no pooled connection within "
                        + QueryPool.poolTimeout().toSeconds() + " s: " + db.reason(e));
            }
            return new Reply(500, "500 query failed: " + db.reason(e));
        }
    }

    private ServedDatabase database() throws Exception {
        ServedDatabase d = database;
        if (d != null) {
            return d;
        }
        lock.lock();
        try {
            if (closed) {
                throw new IllegalStateException("the server is stopping");
            }
            if (database == null) {
                database = ServedDatabase.open(DbOptions.EMBEDDED);
            }
            return database;
        } finally {
            lock.unlock();
        }
    }

    private static String oneLine(Exception e) {
        String m = e.getMessage() != null ? e.getMessage() : e.getClass().getName();
        return m.strip().replaceAll("\\s*\\R\\s*", " ");
    }

    /** Closes the pool and stops an embedded database; a later /db answers 503. Idempotent. */
    @Override
    public void close() {
        ServedDatabase d;
        lock.lock();
        try {
            closed = true;
            d = database;
            database = null;
        } finally {
            lock.unlock();
        }
        if (d != null) {
            d.close();
        }
    }
}
