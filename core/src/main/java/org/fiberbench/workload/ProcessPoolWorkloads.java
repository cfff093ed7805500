package org.fiberbench.workload;

import java.util.List;
import java.util.Set;

/** The process pool experiment's workloads: seeded primality checks and file writes. */
public final class ProcessPoolWorkloads implements WorkloadProvider {

    @Override
    public List<WorkloadKind> kinds() {
        return List.of(
                new WorkloadKind("primes", Set.of("range", SeededRanges.DRAWS), "primes:range=0..1000000,5000000..6000000",
                        "is a seeded random value in the range prime? trial division by 2..n-1 (the process pool experiment); ranges cycle task by task; draws=N: the tasks cycle through N values",
                        PrimesWorkload::canonical, PrimesWorkload::new),
                new WorkloadKind("file", Set.of("writes", SeededRanges.DRAWS, "dir"), "file:writes=0..1000,5000..6000",
                        "write \"abcd\" n times (n in the range) to a file of its own, check 4n bytes, delete it (the process pool experiment); draws=N: the tasks cycle through N values",
                        FileWorkload::canonical, FileWorkload::new));
    }
}
