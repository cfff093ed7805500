package org.fiberbench.db;

import java.io.IOException;
import java.sql.SQLException;
import java.util.List;
import org.fiberbench.engine.ScenarioHook;
import org.fiberbench.secret.SecretChannel;
import org.fiberbench.workload.jdbc.DbConnection;
import org.fiberbench.workload.jdbc.JdbcWorkloads;

/**
 * One database for a whole command whose forks must all reach the same server ({@code calibrate}:
 * a hand-written reference and the fiberbench scenario doing the same queries). Without {@code
 * --db} an embedded H2 server is started once, on 127.0.0.1 and an ephemeral port, and lives until
 * {@link #close}; with {@code --db} the server is checked as {@code run} checks it. Either way the
 * table is seeded before {@link #open} returns, and a bad setting is a one-line
 * {@link org.fiberbench.spec.SpecException}.
 *
 * <p>fiberbench's jdbc scenarios get the database through {@link #hook()}, exactly as in {@code
 * run} (the secret channel, the query counters, the leftover-session check) but on this server. A
 * fork that is not fiberbench's (a JMH benchmark run by hand-made options) gets {@link
 * #forkJvmArgs()}: the socket of a {@link SecretChannel} open as long as this object, and the row
 * count; it reads the connection with {@link DbConnection#fromSystemProperty()}, as a jdbc
 * workload's fork does, so no password reaches a command line or a file. Thread-safe.
 */
public final class SharedDatabase implements AutoCloseable {
    private final DbOptions options;
    private final EmbeddedH2 h2;
    private final DbConnection db;
    private final String server;
    private final SecretChannel secret;

    private SharedDatabase(DbOptions options, EmbeddedH2 h2, DbConnection db, String server, SecretChannel secret) {
        this.options = options;
        this.h2 = h2;
        this.db = db;
        this.server = server;
        this.secret = secret;
    }

    /** Starts (embedded) or checks ({@code --db}) the database and seeds {@code fiberbench_hello}. */
    public static SharedDatabase open(DbOptions options) throws SQLException, IOException {
        PreparedDatabase p = PreparedDatabase.open(options);
        try {
            return new SharedDatabase(options, p.h2(), p.db(), p.product(), SecretChannel.open(p.db().secrets()));
        } catch (RuntimeException | IOException e) {
            p.stopEmbedded();
            throw e;
        }
    }

    /** Runs every jdbc scenario on this database (other scenarios pass through). */
    public ScenarioHook hook() {
        return new DbScenarioHook(options, h2);
    }

    /** What a fork outside fiberbench's runners needs to read this database as a jdbc workload's fork does. */
    public List<String> forkJvmArgs() {
        return List.of(secret.jvmArg(DbConnection.PROPERTY), "-D" + JdbcWorkloads.rowsProperty() + "=" + options.rows());
    }

    /** One line for the console: which server, where (password masked), how many rows. */
    public String describe() {
        return (h2 != null ? "embedded " : "") + server + " at " + db + ", " + options.rows() + " rows";
    }

    /** Stops serving the connection, then stops the embedded server (its in-memory database goes with it). */
    @Override
    public void close() throws IOException {
        try {
            secret.close();
        } finally {
            if (h2 != null) {
                h2.close();
            }
        }
    }
}
