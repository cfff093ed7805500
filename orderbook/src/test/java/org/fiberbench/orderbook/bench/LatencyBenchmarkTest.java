package org.fiberbench.orderbook.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
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

    /**
     * The measured fast book is made with room for the run's peak of resting orders, which a dry run
     * finds: the same peak as the run's commands give any book, the log gone round with ids shifted.
     */
    @Test
    void theFastBookIsMadeWithRoomForTheRunsPeak() {
        long planned = 9_000; // three times round the 3,000-command log
        org.fiberbench.orderbook.OrderBook naive = BookKind.NAIVE.newBook();
        org.fiberbench.orderbook.CountingSink sink = new org.fiberbench.orderbook.CountingSink();
        int peak = 0;
        for (long sent = 0; sent < planned; sent++) {
            LOG.apply((int) (sent % LOG.size()), (sent / LOG.size()) * (LOG.maxId() + 1), naive, sink);
            peak = Math.max(peak, naive.restingOrders());
        }
        assertTrue(peak > 0);
        assertEquals(peak, LatencyBenchmark.peakResting(LOG, BookKind.FAST, planned));
        LatencyBenchmark.Result sized = LatencyBenchmark.run(LOG, BookKind.FAST, Timing.UNIFORM, 9_000, 1, Duration.ofSeconds(30));
        assertEquals(peak, sized.presizedOrders());
        LatencyBenchmark.Result grown = LatencyBenchmark.run(LOG, BookKind.FAST, Timing.UNIFORM, 9_000, 1, Duration.ofSeconds(30), false);
        assertEquals(0, grown.presizedOrders(), "--grow");
        assertEquals(0, LatencyBenchmark.run(LOG, BookKind.EMPTY, Timing.UNIFORM, 1_000, 1, Duration.ofSeconds(30)).presizedOrders());
    }

    @Test
    void theEmptyBookMeasuresOnlyTheLoop() {
        LatencyBenchmark.Result r = LatencyBenchmark.run(LOG, BookKind.EMPTY, Timing.UNIFORM, 4000, 1, Duration.ofSeconds(30));
        assertTrue(r.completed());
        assertEquals(4000, r.latency().getTotalCount());
        assertEquals(BookKind.EMPTY, BookKind.parse("empty"));
        org.fiberbench.orderbook.OrderBook book = BookKind.EMPTY.newBook();
        org.fiberbench.orderbook.CountingSink sink = new org.fiberbench.orderbook.CountingSink();
        LOG.apply(0, 0, book, sink);
        assertEquals(0, book.restingOrders());
        assertEquals(0, sink.events(), "the empty book emits no event");
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
    void everyCommandFallsIntoOneSecondInterval() {
        LatencyBenchmark.Result r = LatencyBenchmark.run(LOG, BookKind.FAST, Timing.UNIFORM, 2000, 2, Duration.ofSeconds(30));
        List<LatencyBenchmark.Interval> iv = r.intervals();
        assertTrue(iv.size() >= 2, iv.toString()); // more when the machine held the sender back
        assertEquals(4000, iv.stream().mapToLong(LatencyBenchmark.Interval::count).sum());
        assertEquals(1.0, iv.get(0).endSeconds(), 1e-9);
        for (LatencyBenchmark.Interval i : iv) {
            assertTrue(i.p50Ns() <= i.p90Ns() && i.p90Ns() <= i.p99Ns() && i.p99Ns() <= i.maxNs(), i.toString());
            assertTrue(i.maxNs() <= r.latency().getMaxValue(), "no interval exceeds the run's max");
        }
        assertEquals(iv.stream().filter(i -> i.seconds() >= 0.999).count(), r.secondlyP99Ms().length, "a p99 per whole second");
    }

    @Test
    void batchTimingDuesEachSecondsCommandsAtItsStart() {
        assertEquals(0, LatencyBenchmark.offsetNs(Timing.BATCH, 2999, 3000));
        assertEquals(1_000_000_000L, LatencyBenchmark.offsetNs(Timing.BATCH, 3000, 3000));
        assertEquals(1_000_000_000L, LatencyBenchmark.offsetNs(Timing.NAIVE, 3001, 3000));
        assertEquals(999_666_666L, LatencyBenchmark.offsetNs(Timing.UNIFORM, 2999, 3000));
    }

    @Test
    void stopsAtTheDeadlineAndSaysSo() {
        LatencyBenchmark.Result r = LatencyBenchmark.run(LOG, BookKind.FAST, Timing.UNIFORM, 1_000, 5, Duration.ofMillis(200));
        assertFalse(r.completed());
        assertTrue(r.sent() < r.planned(), r.sent() + " of " + r.planned());
    }
}
