package org.fiberbench.engine.jmh;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The thread-pool side of the thread pool vs process pool experiment, by hand with the JDK only
 * (no fiberbench code): each operation makes a fixed pool of {@code workers} threads, runs its
 * tasks on it and shuts it down, as the experiment's test does (pool made, tasks, {@code
 * Shutdown}) and as fiberbench's batch does with its executor. A pool kept for the whole trial
 * saves the threads' start and end each operation: fiberbench's batch measured 1.2% above such a
 * reference on primes, 0.5% below it with its executor kept too (docs/calibration.md).
 *
 * <p>The CPU test asks whether a random value from one of three ranges is prime by trial
 * division with every divisor from 2 to n−1; the IO test writes "abcd" n times to a file of its own,
 * one unbuffered write each, then checks and deletes the file. The random value of task k is a
 * SplitMix64 hash of k, task numbers running on from batch to batch, so fiberbench's {@code
 * primes}/{@code file} workloads (which draw the same way) get the same tasks in the same order.
 * {@code ./fiberbench jmh ReferencePoolBenchmark}; its fiberbench twin is {@code run -e
 * platform:fixed=2 -w primes -l batch:tasks=300}.
 */
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class ReferencePoolBenchmark {
    public static final long[][] PRIME_RANGES = {{0, 1_000_000}, {5_000_000, 6_000_000}, {10_000_000, 11_000_000}};
    public static final long[][] WRITE_RANGES = {{0, 1000}, {5000, 6000}, {10000, 11000}};
    private static final byte[] ABCD = "abcd".getBytes(StandardCharsets.US_ASCII);

    @Param("2")
    public int workers;

    @Param("300")
    public int primeTasks;

    @Param("150")
    public int fileTasks;

    private Path dir;
    private long next;

    @Setup(Level.Trial)
    public void setup() throws IOException {
        dir = Files.createTempDirectory("fiberbench-reference-");
    }

    @TearDown(Level.Trial)
    public void teardown() throws IOException {
        Files.deleteIfExists(dir);
    }

    @Benchmark
    public int primes() throws Exception {
        try (ExecutorService pool = Executors.newFixedThreadPool(workers)) {
            List<Future<Boolean>> all = new ArrayList<>(primeTasks);
            for (int i = 0; i < primeTasks; i++) {
                int n = (int) value(next++, PRIME_RANGES);
                all.add(pool.submit(() -> isPrime(n)));
            }
            int primes = 0;
            for (Future<Boolean> f : all) {
                primes += f.get() ? 1 : 0;
            }
            return primes;
        }
    }

    @Benchmark
    public long files() throws Exception {
        try (ExecutorService pool = Executors.newFixedThreadPool(workers)) {
            List<Future<Long>> all = new ArrayList<>(fileTasks);
            for (int i = 0; i < fileTasks; i++) {
                long k = next++;
                all.add(pool.submit(() -> writeFile(dir.resolve("task-" + k + ".txt"), value(k, WRITE_RANGES))));
            }
            long bytes = 0;
            for (Future<Long> f : all) {
                bytes += f.get();
            }
            return bytes;
        }
    }

    /** The experiment's primality test: every divisor from 2 to n-1. */
    static boolean isPrime(int n) {
        if (n < 2) {
            return false;
        }
        for (int d = 2; d < n; d++) {
            if (n % d == 0) {
                return false;
            }
        }
        return true;
    }

    /** Writes "abcd" n times, one write each; checks the size and deletes the file. */
    static long writeFile(Path f, long n) throws IOException {
        try (OutputStream out = new FileOutputStream(f.toFile())) {
            for (long i = 0; i < n; i++) {
                out.write(ABCD);
            }
        }
        long size = Files.size(f);
        Files.delete(f);
        if (size != 4 * n) {
            throw new UncheckedIOException(new IOException(f + " holds " + size + " bytes, expected " + 4 * n));
        }
        return size;
    }

    /** Task k's value: range k mod 3, a SplitMix64 hash of k within it. */
    public static long value(long k, long[][] ranges) {
        long[] r = ranges[(int) Math.floorMod(k, (long) ranges.length)];
        long z = k + 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z = z ^ (z >>> 31);
        return r[0] + Math.floorMod(z, r[1] - r[0] + 1);
    }
}
