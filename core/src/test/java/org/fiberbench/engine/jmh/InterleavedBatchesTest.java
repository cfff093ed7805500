package org.fiberbench.engine.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import org.fiberbench.spec.SpecException;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** The interleaved batches at a tiny scale: each side runs its own work, pair by pair, in the columns it is printed in. */
class InterleavedBatchesTest {

    private static List<long[]> run(String benchmark, Map<String, String> params, String executor, String workload, int tasks,
                                    int threads, int warmup, int pairs) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new InterleavedBatches(BenchmarkMethod.open(benchmark, params), executor, workload, tasks, threads)
                .run(warmup, pairs, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8).lines().map(l -> {
            String[] f = l.split(" ");
            assertEquals("pair", f[0], l);
            return new long[] {Long.parseLong(f[1]), Long.parseLong(f[2])};
        }).toList();
    }

    @Test
    void eachSideRunsItsOwnWorkInItsOwnColumn() throws Exception {
        // fiberbench's tasks sleep 40 ms, the reference's 5: the columns must not swap when the order does
        List<long[]> pairs = run("ReferenceSchedulerBenchmark.longRunning", Map.of("scheduler", "default", "taskCount", "10",
                "sleepMs", "5"), "virtual", "sleep:ms=40", 10, 1, 1, 4);
        assertEquals(4, pairs.size(), "the warm-up pair is not printed");
        for (long[] p : pairs) {
            assertTrue(p[0] >= 5_000_000 && p[0] < 40_000_000, "reference " + p[0]);
            assertTrue(p[1] >= 40_000_000, "fiberbench " + p[1]);
        }
    }

    @Test
    void customSchedulersRunTheCpuTaskOnBothSides() throws Exception {
        for (String scheduler : new String[] {"fixed", "forkjoin"}) {
            List<long[]> pairs = run("ReferenceSchedulerBenchmark.heavyCpu", Map.of("scheduler", scheduler, "threadCount", "2",
                    "taskCount", "20", "iterations", "20000"), "virtual:scheduler=" + scheduler + ",carriers=2", "cpu:iterations=20000",
                    20, 1, 0, 2);
            assertEquals(2, pairs.size(), scheduler);
            assertTrue(pairs.stream().allMatch(p -> p[0] > 0 && p[1] > 0), scheduler);
        }
    }

    @Test
    void theProcessPoolExperimentsThreadPoolRunsAsTheReference() throws Exception {
        List<long[]> pairs = run("ReferencePoolBenchmark.primes", Map.of("workers", "2", "primeTasks", "3"), "platform:fixed=2",
                "primes:range=0..1000", 3, 1, 0, 2);
        assertEquals(2, pairs.size());
        assertTrue(pairs.stream().allMatch(p -> p[0] > 0 && p[1] > 0));
    }

    /** A reference whose calls meet at a barrier of two: it only passes when the side's two calls run at once. */
    @State(Scope.Benchmark)
    public static class TwoAtOnce {
        private final CyclicBarrier both = new CyclicBarrier(2);

        @Benchmark
        public int meet() throws Exception {
            return both.await(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void withTwoThreadsEachSideRunsTwoOperationsAtOnceAndScoresTheirMean() throws Exception {
        List<long[]> pairs = run(TwoAtOnce.class.getName() + ".meet", Map.of(), "virtual", "sleep:ms=30", 5, 2, 0, 3);
        assertEquals(3, pairs.size());
        for (long[] p : pairs) {
            assertTrue(p[0] < 5_000_000_000L, "the two reference calls met: " + p[0]);
            assertTrue(p[1] >= 30_000_000 && p[1] < 60_000_000, "two 30 ms batches at once, their mean: " + p[1]);
        }
    }

    @Test
    void whatCannotBeRunIsRefusedByName() {
        SpecException e = assertThrows(SpecException.class, () -> run("ReferenceSchedulerBenchmark.longRunning",
                Map.of("scheduler", "default"), "platform:nope", "sleep:ms=1", 1, 1, 0, 1));
        assertTrue(e.getMessage().contains("nope"), e.getMessage());
        e = assertThrows(SpecException.class, () -> run("ReferenceSchedulerBenchmark.longRunning", Map.of("scheduler", "default"),
                "virtual", "sleep:ms=1", 1, 0, 0, 1));
        assertTrue(e.getMessage().contains("threads 0") && e.getMessage().contains("accepted: 1..64"), e.getMessage());
    }

    @Test
    void aFailingFiberbenchTaskEndsTheRunWithItsCause() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> run("ReferenceSchedulerBenchmark.longRunning",
                Map.of("scheduler", "default", "taskCount", "3", "sleepMs", "1"), "virtual", "fail:every=1", 3, 1, 0, 1));
        assertTrue(e.getMessage().contains("3 of 3 tasks failed"), e.getMessage());
    }

    /** A reference that always fails. */
    @State(Scope.Benchmark)
    public static class Broken {
        @Benchmark
        public void op() {
            throw new IllegalStateException("the reference broke");
        }
    }

    @Test
    void aFailingReferenceEndsTheRunWithItsCause() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> run(Broken.class.getName() + ".op", Map.of(),
                "virtual", "noop", 1, 1, 0, 1));
        assertEquals("the reference broke", e.getMessage());
    }
}
