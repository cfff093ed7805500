package org.fiberbench.db;

import org.fiberbench.secret.EnvSecrets;
import org.fiberbench.spec.SpecException;
import org.fiberbench.workload.jdbc.DbConnection;
import org.fiberbench.workload.jdbc.HelloTable;

/**
 * What the user chose for database scenarios.
 *
 * @param url      {@code --db}; null means the embedded H2 server
 * @param user     {@code --db-user}
 * @param password {@code --db-password} or {@code $FIBERBENCH_DB_PASSWORD}; never printed
 * @param rows     {@code --rows}: rows of fiberbench_hello
 */
public record DbOptions(String url, String user, String password, int rows) {
    public static final String PASSWORD_ENV = "FIBERBENCH_DB_PASSWORD";
    public static final DbOptions EMBEDDED = new DbOptions(null, null, null, HelloTable.DEFAULT_ROWS);

    public DbOptions {
        if (rows < 1 || rows > HelloTable.MAX_ROWS) {
            throw new SpecException("--rows " + rows + " is out of range; accepted: 1.." + HelloTable.MAX_ROWS);
        }
        if (url == null && ((user != null && !user.isEmpty()) || (password != null && !password.isEmpty()))) {
            throw new SpecException("--db-user and --db-password need --db URL (the embedded database makes its own)");
        }
        if (url != null) {
            new DbConnection(url, user, password); // validates the scheme
        }
    }

    /** From the flags, the password falling back to {@value #PASSWORD_ENV}; null flags mean "not given". */
    public static DbOptions of(String url, String user, String password, Integer rows) {
        String env = takePasswordFromEnvironment();
        String pw = password != null ? password : url != null ? env : null;
        return new DbOptions(url, user, pw, rows != null ? rows : HelloTable.DEFAULT_ROWS);
    }

    /**
     * {@value #PASSWORD_ENV}, taken out of the environment every JVM fiberbench starts would inherit
     * (a fork's JFR recording would otherwise hold it). The CLI calls this before it starts anything.
     */
    public static String takePasswordFromEnvironment() {
        return EnvSecrets.take(PASSWORD_ENV);
    }

    public boolean embedded() {
        return url == null;
    }

    /** The server named by --db (not for the embedded one). */
    public DbConnection connection() {
        return new DbConnection(url, user, password);
    }

    @Override
    public String toString() {
        return embedded() ? "embedded H2" : connection().toString();
    }
}
