package org.fiberbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fiberbench.engine.jmh.ReferencePoolBenchmark;
import org.fiberbench.spec.Spec;
import org.junit.jupiter.api.Test;

/**
 * The hand-written pool reference draws task k's value as the primes and file workloads do, so the
 * two sides of a calibration pair run the same tasks in the same order.
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
}
