package org.fiberbench.orderbook.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Per-second intervals from known completion times and latencies. */
class TraceTest {
    @Test
    void groupsCommandsBySecondOfCompletion() {
        Trace t = Trace.allocate(5);
        t.record(0, 100_000_000L, 1_000);      // 0.1 s
        t.record(1, 900_000_000L, 3_000);      // 0.9 s
        t.record(2, 1_000_000_000L, 5_000);    // 1.0 s: the second second
        t.record(3, 1_500_000_000L, 7_000);
        t.record(4, 3_200_000_000L, 9_000);    // the fourth second; the third saw nothing done
        List<LatencyBenchmark.Interval> iv = t.intervals(5, 3.25);
        assertEquals(4, iv.size());
        assertEquals(List.of(2L, 2L, 0L, 1L), iv.stream().map(LatencyBenchmark.Interval::count).toList());
        assertEquals(List.of(1.0, 2.0, 3.0, 3.25), iv.stream().map(LatencyBenchmark.Interval::endSeconds).toList());
        assertEquals(0.25, iv.get(3).seconds(), 1e-9, "the last interval ends with the run");
        assertEquals(4.0, iv.get(3).throughput(), 1e-9);
        assertEquals(3_000, iv.get(0).maxNs(), 3_000 / 500, "HdrHistogram's 3 significant digits");
        assertEquals(7_000, iv.get(1).p99Ns(), 7_000 / 500);
        assertEquals(1_000, iv.get(0).p50Ns(), 1_000 / 500);
    }

    @Test
    void keepsNothingWhenTheRunIsTooLongToTrace() {
        Trace t = Trace.allocate(Long.MAX_VALUE / 64);
        t.record(0, 1, 1);
        assertEquals(List.of(), t.intervals(1, 1.0));
    }
}
