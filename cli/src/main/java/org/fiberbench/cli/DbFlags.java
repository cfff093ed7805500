package org.fiberbench.cli;

import org.fiberbench.db.DbOptions;
import picocli.CommandLine.Option;

/** The database flags of {@code run} and {@code calibrate} (for scenarios with a jdbc workload) and {@code serve} (for {@code /db}). */
public final class DbFlags {
    @Option(names = "--db", paramLabel = "URL",
            description = "database for jdbc workloads (run, calibrate) and serve's /db: jdbc:mariadb://, jdbc:mysql://, jdbc:postgresql://, jdbc:h2:tcp://"
                    + " (default: an embedded H2 server on 127.0.0.1)")
    String url;

    @Option(names = "--db-user", paramLabel = "USER", description = "database user")
    String user;

    @Option(names = "--db-password", paramLabel = "PASSWORD",
            description = "database password (default: $" + DbOptions.PASSWORD_ENV + "; prefer it: a flag shows in ps)")
    String password;

    @Option(names = "--rows", paramLabel = "N", description = "rows of table fiberbench_hello (default 10)")
    Integer rows;

    public DbOptions options() {
        return DbOptions.of(url, user, password, rows);
    }
}
