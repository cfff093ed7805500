package org.fiberbench.orderbook.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.fiberbench.orderbook.BookKind;
import org.fiberbench.orderbook.CommandCodec;
import org.fiberbench.orderbook.Generator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real forks: results come back, and a fork that overstays is killed. */
class ForkTest {
    @TempDir
    static Path dir;
    static Path input;

    @BeforeAll
    static void writeInput() {
        input = dir.resolve("cmds.csv");
        CommandCodec.write(Generator.generate(new Generator.Options(10_000, 2, 0.4, 20)), input);
    }

    @Test
    void forkReturnsOneRowPerCount() {
        List<ThroughputBenchmark.Row> rows = Forked.throughput(input, BookKind.FAST, new long[] {5_000, 20_000},
                List.of("-Xmx256m"), Duration.ofMinutes(2));
        assertEquals(2, rows.size());
        assertEquals(20_000, rows.get(1).commands());
        assertTrue(rows.get(1).commandsPerSecond() > 0);
        for (ThroughputBenchmark.Row row : rows) {
            assertEquals(row.repeats(), row.repeatRates().length, "one rate per repeated replay");
            double[] sorted = row.repeatRates();
            java.util.Arrays.sort(sorted);
            assertEquals(sorted[sorted.length / 2], row.commandsPerSecond(), sorted[sorted.length / 2] * 1e-9, "the row is the median");
        }
    }

    @Test
    void latencyForkRunsWithItsOwnJvmOptions() {
        LatencyBenchmark.Result serial = Forked.latency(input, BookKind.FAST, Timing.UNIFORM, 1000, 1, List.of("-XX:+UseSerialGC"));
        LatencyBenchmark.Result parallel = Forked.latency(input, BookKind.FAST, Timing.UNIFORM, 1000, 1, List.of("-XX:+UseParallelGC"));
        assertTrue(serial.collectors().contains("MarkSweepCompact"), serial.collectors().toString());
        assertTrue(parallel.collectors().contains("PS MarkSweep"), parallel.collectors().toString());
        assertEquals(1000, serial.latency().getTotalCount());
        assertEquals(1000, serial.intervals().stream().mapToLong(LatencyBenchmark.Interval::count).sum(), "intervals survive the fork");
    }

    @Test
    void forkThatOutlivesItsTimeoutIsKilled() {
        long start = System.nanoTime();
        Fork.ForkException e = assertThrows(Fork.ForkException.class, () -> Forked.throughput(input, BookKind.NAIVE,
                new long[] {2_000_000_000L}, List.of(), Duration.ofSeconds(2)));
        assertFalse(e.interrupted());
        assertTrue(e.getMessage().contains("killed"), e.getMessage());
        assertTrue(System.nanoTime() - start < Duration.ofSeconds(30).toNanos());
    }

    @Test
    void interruptingTheWaitKillsTheFork() throws Exception {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                Forked.throughput(input, BookKind.NAIVE, new long[] {2_000_000_000L}, List.of(), Duration.ofMinutes(5));
            } catch (Throwable x) {
                thrown.set(x);
            }
        });
        t.start();
        Thread.sleep(1000);
        t.interrupt();
        t.join(30_000);
        assertFalse(t.isAlive());
        assertTrue(thrown.get() instanceof Fork.ForkException f && f.interrupted(), String.valueOf(thrown.get()));
    }
}
