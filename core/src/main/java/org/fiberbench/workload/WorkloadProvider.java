package org.fiberbench.workload;

import java.util.List;

/**
 * Provides workload kinds to {@link WorkloadKind}'s registry. An implementation is public, has a
 * public no-argument constructor and is named in {@code
 * META-INF/services/org.fiberbench.workload.WorkloadProvider}; the registry finds it with {@link
 * java.util.ServiceLoader} in whichever JVM first parses a workload spec.
 */
public interface WorkloadProvider {

    /** The kinds, in the order {@code list workloads} shows them. */
    List<WorkloadKind> kinds();
}
