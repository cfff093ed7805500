package org.fiberbench.workload.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.fiberbench.spec.Spec;
import org.fiberbench.workload.WorkloadKind;
import org.fiberbench.workload.WorkloadProvider;

/** The {@code jdbc} workload kind, provided to {@link WorkloadKind}'s registry (named in META-INF/services). */
public final class JdbcWorkloads implements WorkloadProvider {
    public static final String ID = "jdbc";

    @Override
    public List<WorkloadKind> kinds() {
        return List.of(kind());
    }

    public static WorkloadKind kind() {
        return new WorkloadKind(ID, JdbcOptions.KEYS, "jdbc:query=scan,via=offload",
                "one query per task on a HikariCP pool (pool=16): point, scan (select * from fiberbench_hello) or SQL;"
                        + " via=direct on the task's thread, via=offload on a separate platform pool"
                        + " (offload-threads=2×CPUs) awaited through a CompletableFuture (the database experiment)",
                s -> JdbcOptions.of(s).canonical(), s -> new JdbcWorkload(JdbcOptions.of(s)));
    }

    /**
     * Runs the query of workload spec {@code s} once on {@code c} and returns its row count: the
     * parent's check that a custom query is valid SQL the user may run, before any measurement.
     */
    public static long tryQuery(Spec s, Connection c) throws SQLException {
        return JdbcOptions.of(s).query().rowCount(c);
    }

    /** The fork's system property naming how many rows the parent seeded. */
    public static String rowsProperty() {
        return JdbcWorkload.ROWS_PROPERTY;
    }
}
