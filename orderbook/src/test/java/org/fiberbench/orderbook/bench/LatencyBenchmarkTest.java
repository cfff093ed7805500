package org.fiberbench.orderbook.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.fiberbench.orderbook.BookKind;
import org.fiberbench.orderbook.CommandLog;
import org.fiberbench.orderbook.Generator;
import org.junit.jupiter.api.Test;

class LatencyBenchmarkTest {
    private static final CommandLog LOG = Generator.generate(new Generator.Options(3_000, 4, 0.4, 20));

    @Test
    void recordsEveryPlannedCommand() {
        LatencyBenchmark.Result r = LatencyBenchmark.run(LOG, BookKind.FAST, Timing.UNIFORM, 4000, 1, Duration.ofSeconds(30));
        assertTrue(r.completed());
        assertEquals(4000, r.sent());
        assertEquals(4000, r.latency().getTotalCount());
        assertEquals(4000, r.service().getTotalCount());
    }

    @Test
    void openLoopCountsQueueingDelay() {
        for (Timing t : new Timing[] {Timing.BATCH, Timing.UNIFORM}) {
            LatencyBenchmark.Result r = LatencyBenchmark.run(LOG, BookKind.FAST, t, 3000, 1, Duration.ofSeconds(30));
            for (double p : new double[] {50, 99, 100}) {
                assertTrue(r.latency().getValueAtPercentile(p) >= r.service().getValueAtPercentile(p), t + " p" + p);
            }
        }
    }

    @Test
    void batchTimingChargesTheWholeSecond() {
        LatencyBenchmark.Result r = LatencyBenchmark.run(LOG, BookKind.FAST, Timing.BATCH, 3000, 1, Duration.ofSeconds(30));
        // all 3000 commands are due at the start of the second, so the last waits for the 2999 before it
        assertTrue(r.latency().getMaxValue() > r.service().getMaxValue());
    }

    @Test
    void stopsAtTheDeadlineAndSaysSo() {
        LatencyBenchmark.Result r = LatencyBenchmark.run(LOG, BookKind.FAST, Timing.UNIFORM, 1_000, 5, Duration.ofMillis(200));
        assertFalse(r.completed());
        assertTrue(r.sent() < r.planned(), r.sent() + " of " + r.planned());
    }
}
