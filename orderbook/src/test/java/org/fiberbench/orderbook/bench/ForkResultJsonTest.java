package org.fiberbench.orderbook.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.fiberbench.orderbook.BookKind;
import org.fiberbench.orderbook.CommandLog;
import org.fiberbench.orderbook.Generator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a benchmark fork writes is read back by its parent as the same typed result, histograms whole. */
class ForkResultJsonTest {
    @TempDir
    Path dir;

    private static CommandLog log() {
        return Generator.generate(new Generator.Options(5_000, 3, 0.4, 50));
    }

    @Test
    void latencyResultReadsBackEqualWithEveryRecordedValue() throws Exception {
        LatencyBenchmark.Result r = LatencyBenchmark.run(log(), BookKind.FAST, Timing.UNIFORM, 2000, 1, Duration.ofSeconds(30));
        Path file = dir.resolve("result.json");
        Fork.JSON.writeValue(file.toFile(), r);
        LatencyBenchmark.Result back = Fork.JSON.readValue(file.toFile(), LatencyBenchmark.Result.class);
        assertEquals(r, back); // HdrHistogram compares every count
        assertEquals(r.sent(), back.latency().getTotalCount());
        assertEquals(r.latency().getValueAtPercentile(99.9), back.latency().getValueAtPercentile(99.9));
        assertTrue(!back.intervals().isEmpty() && back.intervals().equals(r.intervals()), back.intervals().toString());
    }

    @Test
    void throughputRowsReadBackEqual() throws Exception {
        List<ThroughputBenchmark.Row> rows = ThroughputBenchmark.run(log(), BookKind.FAST, new long[] {2_000, 4_000});
        Path file = dir.resolve("rows.json");
        Fork.JSON.writeValue(file.toFile(), rows.toArray(ThroughputBenchmark.Row[]::new));
        ThroughputBenchmark.Row[] back = Fork.JSON.readValue(file.toFile(), ThroughputBenchmark.Row[].class);
        assertEquals(rows.size(), back.length);
        for (int i = 0; i < back.length; i++) {
            ThroughputBenchmark.Row a = rows.get(i);
            ThroughputBenchmark.Row b = back[i];
            assertEquals(List.of(a.commands(), a.seconds(), a.commandsPerSecond(), a.cpuSeconds()),
                    List.of(b.commands(), b.seconds(), b.commandsPerSecond(), b.cpuSeconds()));
            assertArrayEquals(a.repeatRates(), b.repeatRates());
        }
    }
}
