package org.fiberbench.db;

import java.sql.SQLException;
import org.fiberbench.spec.SpecException;
import org.fiberbench.workload.jdbc.DbConnection;
import org.fiberbench.workload.jdbc.HelloTable;
import org.fiberbench.workload.jdbc.QueryPool;

/**
 * The database behind the HTTP server's {@code /db}: the server named by {@code --db}, or an
 * embedded H2 server on 127.0.0.1 that lives exactly as long as this object. {@link #open} runs
 * {@code run}'s connection check (connect within 5 s, seed fiberbench_hello; one-line
 * {@link SpecException} on failure), then keeps one {@link QueryPool} until {@link #close}.
 * Everything it prints or returns has the password masked. Thread-safe.
 */
public final class ServedDatabase implements AutoCloseable {
    private final EmbeddedH2 h2;
    private final DbConnection db;
    private final String product;
    private final int rows;
    private final QueryPool queries;

    private ServedDatabase(EmbeddedH2 h2, DbConnection db, String product, int rows, QueryPool queries) {
        this.h2 = h2;
        this.db = db;
        this.product = product;
        this.rows = rows;
        this.queries = queries;
    }

    /** Checks and opens the database {@code options} name, starting the embedded one when there is no {@code --db}. */
    public static ServedDatabase open(DbOptions options) throws SQLException {
        PreparedDatabase p = PreparedDatabase.open(options);
        try {
            return new ServedDatabase(p.h2(), p.db(), p.product(), options.rows(), pool(p.db(), options.rows()));
        } catch (RuntimeException e) {
            p.stopEmbedded();
            throw e;
        }
    }

    private static QueryPool pool(DbConnection db, int rows) {
        try {
            return QueryPool.open(db, rows);
        } catch (SpecException e) {
            throw e;
        } catch (RuntimeException e) { // HikariCP's pool initialisation: the check passed, the pool did not
            throw new SpecException("database " + db + ": cannot open the connection pool: " + reason(db, e));
        }
    }

    /** One line for the server's output: which database, masked, and the table it serves. */
    public String describe() {
        return (h2 != null ? "embedded " : "") + product + " at " + db + ", table " + HelloTable.NAME
                + " with " + rows + " rows";
    }

    /** See {@link QueryPool#run}. */
    public String query(String query, String via) throws Exception {
        return queries.run(query, via);
    }

    /** {@code t}'s message on one line with the password and the URL's secrets masked: safe for a response body. */
    public String reason(Throwable t) {
        return reason(db, t);
    }

    private static String reason(DbConnection db, Throwable t) {
        String m = t.getMessage() != null ? t.getMessage() : t.getClass().getName();
        String line = db.mask(m).strip().replaceAll("\\s*\\R\\s*", " ");
        return line.length() > 300 ? line.substring(0, 300) + "..." : line;
    }

    /** Closes the pool, then stops the embedded server (its in-memory database goes with it). */
    @Override
    public void close() {
        try {
            queries.close();
        } finally {
            if (h2 != null) {
                h2.close();
            }
        }
    }
}
