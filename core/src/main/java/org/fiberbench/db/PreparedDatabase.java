package org.fiberbench.db;

import java.sql.SQLException;
import java.util.List;
import org.fiberbench.workload.jdbc.DbConnection;

/**
 * The database a command names, ready to query: the embedded H2 started, or the {@code --db}
 * server connected, and {@code fiberbench_hello} seeded with the options' rows. What {@code serve}
 * and {@code calibrate} both open before they hand the database to anything else.
 *
 * @param h2      the embedded server, or null with {@code --db}
 * @param db      the connection (password masked in every description)
 * @param product the server's product and version
 */
record PreparedDatabase(EmbeddedH2 h2, DbConnection db, String product) {

    /** Starts or connects, then seeds; an embedded server is stopped again when anything fails. */
    static PreparedDatabase open(DbOptions options) throws SQLException {
        EmbeddedH2 h2 = options.embedded() ? EmbeddedH2.start() : null;
        try {
            DbConnection db = h2 != null ? h2.connection() : options.connection();
            String product = h2 != null ? h2.prepare(options.rows(), List.of()) : DbCheck.prepare(db, options.rows(), List.of());
            return new PreparedDatabase(h2, db, product);
        } catch (RuntimeException e) {
            stopEmbedded(h2);
            throw e;
        }
    }

    /** Stops the embedded server, if there is one (its in-memory database goes with it). */
    void stopEmbedded() {
        stopEmbedded(h2);
    }

    private static void stopEmbedded(EmbeddedH2 h2) {
        if (h2 != null) {
            h2.close();
        }
    }
}
