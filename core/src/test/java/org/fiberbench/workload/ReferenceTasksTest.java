package org.fiberbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fiberbench.engine.jmh.ReferencePoolBenchmark;
import org.fiberbench.spec.Spec;
import org.junit.jupiter.api.Test;

/**
 * The hand-written references and the built-in workloads do the same work: the pool reference draws
 * task k's value as the primes and file workloads do, and the cpu workload sums as the scheduler
 * reference (the seed's {@code int} loop) does.
 */
class ReferenceTasksTest {

    @Test
    void referenceDrawsTheSameValuesAsThePrimesAndFileWorkloads() {
        SeededRanges primes = SeededRanges.parse(Spec.parse("workload", "primes"), "range", PrimesWorkload.DEFAULT_RANGES, PrimesWorkload.MAX_VALUE);
        SeededRanges writes = SeededRanges.parse(Spec.parse("workload", "file"), "writes", FileWorkload.DEFAULT_RANGES, FileWorkload.MAX_WRITES);
        for (long k = 0; k < 10_000; k++) {
            assertEquals(primes.value(k), ReferencePoolBenchmark.value(k, ReferencePoolBenchmark.PRIME_RANGES), "primes task " + k);
            assertEquals(writes.value(k), ReferencePoolBenchmark.value(k, ReferencePoolBenchmark.WRITE_RANGES), "file task " + k);
        }
    }

    @Test
    void cpuTaskSumsAsTheSeedsIntLoopDoes() {
        for (int n : new int[] {1, 2, 1000, 100_000}) {
            assertEquals(CpuWorkload.sum((long) n), CpuWorkload.sum(n), "n=" + n);
            assertEquals(org.fiberbench.engine.jmh.ReferenceSchedulerBenchmark.heavyCpuTask(n), CpuWorkload.sum(n), "n=" + n);
        }
        new CpuWorkload(Spec.parse("workload", "cpu:iterations=100000")).run(0); // its own check passes
    }
}
