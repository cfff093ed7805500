package org.fiberbench.http;

import java.util.List;
import org.fiberbench.workload.WorkloadKind;
import org.fiberbench.workload.WorkloadProvider;

/** Provides the {@code http} workload kind to the registry (named in META-INF/services). */
public final class HttpWorkloads implements WorkloadProvider {

    @Override
    public List<WorkloadKind> kinds() {
        return List.of(HttpWorkload.kind());
    }
}
