package org.fiberbench.workload.jdbc;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import org.fiberbench.spec.SpecException;

/**
 * The database servers fiberbench accepts, by JDBC URL prefix, with the few statements that differ
 * between them: counting the sessions a run leaves behind and recognising a missing table.
 */
public enum Dialect {
    MARIADB("jdbc:mariadb://",
            "SELECT COUNT(*) FROM information_schema.processlist WHERE user = CURRENT_USER_NAME AND id <> CONNECTION_ID()"),
    MYSQL("jdbc:mysql://",
            "SELECT COUNT(*) FROM information_schema.processlist WHERE user = CURRENT_USER_NAME AND id <> CONNECTION_ID()"),
    POSTGRESQL("jdbc:postgresql://",
            "SELECT COUNT(*) FROM pg_stat_activity WHERE application_name = '" + Dialect.APPLICATION_NAME
                    + "' AND usename = current_user AND pid <> pg_backend_pid()"),
    H2("jdbc:h2:tcp://",
            "SELECT COUNT(*) FROM INFORMATION_SCHEMA.SESSIONS WHERE SESSION_ID <> SESSION_ID()");

    /** PostgreSQL's application_name of pooled connections: how their sessions are told apart. */
    public static final String APPLICATION_NAME = "fiberbench";

    private final String prefix;
    private final String sessionsSql;

    Dialect(String prefix, String sessionsSql) {
        this.prefix = prefix;
        this.sessionsSql = sessionsSql;
    }

    /** The dialect of {@code url}, or a SpecException naming the accepted schemes. */
    public static Dialect of(String url) {
        String lower = url == null ? "" : url.toLowerCase(Locale.ROOT);
        for (Dialect d : values()) {
            if (lower.startsWith(d.prefix)) {
                return d;
            }
        }
        String shown = url == null ? null : DbConnection.maskUrl(url); // a wrong URL may still hold a password
        throw new SpecException("--db '" + shown + "' is not a JDBC URL fiberbench accepts; accepted: "
                + Arrays.stream(values()).map(d -> d.prefix + "HOST...").collect(Collectors.joining(", ")));
    }

    /**
     * SQL counting this user's other sessions (MariaDB/MySQL: the same user name; PostgreSQL: the
     * pool's application name and the same user, so another user's fiberbench run never counts;
     * H2: every other session). The user's name is bound by the caller where the text says CURRENT_USER_NAME.
     */
    public String sessionsSql() {
        return sessionsSql.replace("CURRENT_USER_NAME", "?");
    }

    public boolean bindsUser() {
        return sessionsSql.contains("CURRENT_USER_NAME");
    }

    /** SQLStates that mean "no such table" rather than "not allowed" or "broken". */
    public static boolean isMissingTable(String sqlState) {
        return "42S02".equals(sqlState) || "42P01".equals(sqlState) || "42S04".equals(sqlState);
    }
}
