package org.fiberbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fiberbench.spec.SpecException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PoolWorkloadsTest {

    @Test
    void trialDivisionAgreesWithKnownPrimes() {
        for (int p : new int[] {2, 3, 5, 97, 7919, 104729, 1000003}) {
            assertTrue(PrimesWorkload.isPrimeByTrialDivision(p), p + " is prime");
        }
        for (int c : new int[] {0, 1, 4, 9, 7917, 1000001, 999999}) {
            assertFalse(PrimesWorkload.isPrimeByTrialDivision(c), c + " is not prime");
        }
        for (int n = 0; n < 3000; n++) {
            assertEquals(BigInteger.valueOf(n).isProbablePrime(50), PrimesWorkload.isPrimeByTrialDivision(n), "n=" + n);
        }
    }

    @Test
    void primesValuesAreDeterministicPerSeqAndCycleRanges() {
        SeededRanges r = new SeededRanges(java.util.List.of(new org.fiberbench.spec.LongRange(0, 10),
                new org.fiberbench.spec.LongRange(500, 600)));
        for (long seq = 0; seq < 100; seq++) {
            long v = r.value(seq);
            assertEquals(v, r.value(seq));
            assertTrue(seq % 2 == 0 ? v <= 10 : v >= 500 && v <= 600, "seq " + seq + " -> " + v);
        }
    }

    @Test
    void drawsCyclesTheFirstNValuesSoEveryBatchOfNTestsTheSame() {
        SeededRanges anew = SeededRanges.parse(org.fiberbench.spec.Spec.parse("workload", "primes"), "range",
                PrimesWorkload.DEFAULT_RANGES, PrimesWorkload.MAX_VALUE);
        SeededRanges cycled = SeededRanges.parse(org.fiberbench.spec.Spec.parse("workload", "primes:draws=90"), "range",
                PrimesWorkload.DEFAULT_RANGES, PrimesWorkload.MAX_VALUE);
        java.util.List<Long> first = new java.util.ArrayList<>();
        for (long seq = 0; seq < 90; seq++) {
            assertEquals(anew.value(seq), cycled.value(seq), "the cycle is the first 90 values: seq " + seq);
            first.add(cycled.value(seq));
        }
        java.util.Collections.sort(first);
        // batches numbered from anywhere (a second batch, another JMH thread's block) test the same 90 values
        for (long start : new long[] {90, 4500, 37, (1L << 40) + 11}) {
            java.util.List<Long> batch = new java.util.ArrayList<>();
            for (long seq = start; seq < start + 90; seq++) {
                batch.add(cycled.value(seq));
            }
            java.util.Collections.sort(batch);
            assertEquals(first, batch, "batch from " + start);
        }
        assertTrue(anew.value(90) != cycled.value(90) || anew.value(91) != cycled.value(91), "without draws, task 90 draws anew");
    }

    @Test
    void drawsShowsInTheCanonicalSpecAndTheWorkersSpec() {
        assertEquals("primes:range=0..1000000,5000000..6000000,10000000..11000000,draws=90",
                WorkloadSpec.parse("primes:draws=90").canonical());
        assertEquals("primes:range=0..10,draws=3", WorkloadSpec.parse("primes:range=0..10,draws=3").create().spec());
        assertEquals("file:writes=0..1000,5000..6000,10000..11000,draws=150", WorkloadSpec.parse("file:draws=150").canonical());
    }

    @Test
    void rejectsDrawsBelowOneOrNotANumber() {
        for (String bad : new String[] {"primes:draws=0", "primes:draws=-3", "file:draws=many"}) {
            SpecException e = assertThrows(SpecException.class, () -> WorkloadSpec.parse(bad), bad);
            assertTrue(e.getMessage().contains("'draws'") && e.getMessage().contains("accepted: 1.."), e.getMessage());
        }
    }

    @Test
    void primesDefaultsToTheSeedsThreeRanges() {
        assertEquals("primes:range=0..1000000,5000000..6000000,10000000..11000000", WorkloadSpec.parse("primes").canonical());
    }

    @Test
    void rejectsReversedRange() {
        SpecException e = assertThrows(SpecException.class, () -> WorkloadSpec.parse("primes:range=10..1"));
        assertTrue(e.getMessage().contains("reversed"), e.getMessage());
    }

    @Test
    void rejectsEmptyRange() {
        assertThrows(SpecException.class, () -> WorkloadSpec.parse("primes:range="));
        assertThrows(SpecException.class, () -> WorkloadSpec.parse("file:writes="));
    }

    @Test
    void rejectsUnwritableDirectory(@TempDir Path tmp) {
        Path missing = tmp.resolve("missing");
        SpecException e = assertThrows(SpecException.class, () -> WorkloadSpec.parse("file:dir=" + missing));
        assertTrue(e.getMessage().contains(missing.toString()), e.getMessage());
    }

    @Test
    void refusesADirectoryNoFileCanBeMadeIn() {
        // /proc says "writable" to root by its permission bits, yet no file can be created there
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(Path.of("/proc/self")), "Linux /proc");
        SpecException e = assertThrows(SpecException.class, () -> WorkloadSpec.parse("file:dir=/proc"));
        assertTrue(e.getMessage().contains("'/proc' is not a writable directory"), e.getMessage());
        assertThrows(SpecException.class, () -> FileWorkloadDefaults.directory(Path.of("/proc")));
    }

    @Test
    void fileTasksWriteFourBytesPerWriteAndLeaveNoFiles(@TempDir Path tmp) throws Exception {
        Workload w = WorkloadSpec.parse("file:writes=1000..1000,0..0,dir=" + tmp).create();
        w.setUp();
        Path dir = ((FileWorkload) w).directory();
        for (long seq = 0; seq < 6; seq++) {
            w.run(seq); // throws unless the file held 4n bytes
        }
        try (var left = Files.list(dir)) {
            assertEquals(0, left.count());
        }
        w.close();
        assertFalse(Files.exists(dir));
        try (var left = Files.list(tmp)) {
            assertEquals(0, left.count());
        }
    }
}
