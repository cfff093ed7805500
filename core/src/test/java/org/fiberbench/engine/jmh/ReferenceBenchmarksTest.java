package org.fiberbench.engine.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * The hand-written reference benchmarks compute what the experiments compute, at a tiny scale:
 * their {@code @Benchmark} methods called directly, with the trial set-up and tear-down around them.
 */
class ReferenceBenchmarksTest {

    @Test
    void heavyCpuTaskIsTheExperimentsSumOfSquareRoots() {
        double byStream = IntStream.range(0, 100_000).mapToDouble(Math::sqrt).sum();
        double sum = ReferenceSchedulerBenchmark.heavyCpuTask(100_000);
        assertEquals(byStream, sum, byStream * 1e-12);
        // the integral of sqrt bounds the sum: (2/3)(N-1)^1.5 <= sum <= (2/3)N^1.5
        assertTrue(sum >= 2.0 / 3 * Math.pow(99_999, 1.5) && sum <= 2.0 / 3 * Math.pow(100_000, 1.5), "sum " + sum);
    }

    @ParameterizedTest
    @ValueSource(strings = {"fixed", "forkjoin", "default"})
    void schedulerBenchmarkRunsEveryTaskOnEachScheduler(String scheduler) throws Exception {
        ReferenceSchedulerBenchmark b = new ReferenceSchedulerBenchmark();
        b.scheduler = scheduler;
        b.threadCount = 2;
        b.taskCount = 50;
        b.iterations = 10_000;
        b.sleepMs = 1;
        b.setup();
        try {
            b.heavyCpu();   // throws when a task is missing or a sum is wrong
            b.longRunning();
        } finally {
            b.teardown();
        }
    }

    @Test
    void schedulerBenchmarkRejectsAnUnknownScheduler() {
        ReferenceSchedulerBenchmark b = new ReferenceSchedulerBenchmark();
        b.scheduler = "cached";
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, b::setup);
        assertTrue(e.getMessage().contains("cached"), e.getMessage());
    }

    @Test
    void poolBenchmarkCountsPrimesByTrialDivisionAndWritesEveryFile() throws Exception {
        ReferencePoolBenchmark b = poolBenchmark(30, 6);
        try {
            long expectedPrimes = LongStream.range(0, 30).map(k -> ReferencePoolBenchmark.value(k, ReferencePoolBenchmark.PRIME_RANGES))
                    .filter(n -> java.math.BigInteger.valueOf(n).isProbablePrime(50)).count();
            assertEquals(expectedPrimes, b.primes());
            long expectedBytes = LongStream.range(30, 36)
                    .map(k -> 4 * ReferencePoolBenchmark.value(k, ReferencePoolBenchmark.WRITE_RANGES)).sum();
            assertEquals(expectedBytes, b.files(), "task numbers run on from the primes batch");
        } finally {
            b.teardown();
        }
    }

    @Test
    void poolBenchmarkLeavesNoFileBehind() throws Exception {
        ReferencePoolBenchmark b = poolBenchmark(300, 4);
        java.nio.file.Path dir = (java.nio.file.Path) field(b, "dir");
        b.files();
        try (var left = Files.list(dir)) {
            assertEquals(0, left.count());
        }
        b.teardown();
        assertTrue(Files.notExists(dir), dir.toString());
    }

    @Test
    void poolBenchmarkMakesAndEndsItsPoolEachOperation() throws Exception {
        ReferencePoolBenchmark b = poolBenchmark(8, 2);
        try {
            java.util.Set<Thread> before = Thread.getAllStackTraces().keySet();
            b.primes();
            b.files();
            // as the experiment's test and fiberbench's batch: the pool's start and end are in the operation
            List<Thread> made = Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> !before.contains(t) && t.getName().startsWith("pool-")).toList();
            for (Thread t : made) {
                t.join(2000); // a worker of a terminated pool may take a moment to finish exiting
            }
            assertEquals(List.of(), made.stream().filter(Thread::isAlive).map(Thread::getName).toList());
        } finally {
            b.teardown();
        }
    }

    @Test
    void threadsBenchmarkRunsItsVirtualBatch() {
        long t = System.nanoTime();
        new ReferenceThreadsBenchmark().virtualThreadPerTask(); // 10,000 virtual threads sleeping 200 ms: the experiment's own size
        assertTrue(System.nanoTime() - t >= 200_000_000L, "every task slept 200 ms before the executor closed");
    }

    /** A pool benchmark of 2 workers, set up as JMH would. */
    private static ReferencePoolBenchmark poolBenchmark(int primeTasks, int fileTasks) throws Exception {
        ReferencePoolBenchmark b = new ReferencePoolBenchmark();
        b.workers = 2;
        b.primeTasks = primeTasks;
        b.fileTasks = fileTasks;
        b.setup();
        return b;
    }

    private static Object field(Object o, String name) throws ReflectiveOperationException {
        var f = o.getClass().getDeclaredField(name);
        f.setAccessible(true);
        return f.get(o);
    }
}
