package org.fiberbench.orderbook.bench;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * Every command's completion time and latency, in primitive arrays sized before the measured loop:
 * two array stores per command and nothing allocated, so that per-second percentiles and
 * throughput are worked out after the loop without disturbing its timing. Empty (records nothing)
 * when the arrays would take more than an eighth of the heap. Single writer: the sending thread.
 */
final class Trace {
    private static final int BYTES_PER_COMMAND = Integer.BYTES + Long.BYTES;

    /** Completion time of command i, in ms since the first command was due. */
    private final int[] doneMs;
    private final long[] latencyNs;

    private Trace(int capacity) {
        doneMs = new int[capacity];
        latencyNs = new long[capacity];
    }

    static Trace allocate(long planned) {
        boolean fits = planned < Integer.MAX_VALUE - 8 && planned * BYTES_PER_COMMAND <= Runtime.getRuntime().maxMemory() / 8;
        return new Trace(fits ? (int) planned : 0);
    }

    /** Records command {@code n}: done {@code doneNs} after the start, with this latency. */
    void record(long n, long doneNs, long latency) {
        if (n < doneMs.length) {
            doneMs[(int) n] = (int) Math.min(Integer.MAX_VALUE, doneNs / 1_000_000);
            latencyNs[(int) n] = latency;
        }
    }

    /** Per second of completion time: the commands done in it and their latency percentiles; empty when not kept. */
    List<LatencyBenchmark.Interval> intervals(long sent, double elapsedSeconds) {
        if (sent == 0 || doneMs.length < sent) {
            return List.of();
        }
        int n = (int) sent;
        List<LatencyBenchmark.Interval> out = new ArrayList<>();
        Histogram h = new Histogram(LatencyBenchmark.HIGHEST_NS, 3);
        int i = 0;
        for (int s = 0; i < n; s++) {
            long endMs = (s + 1) * 1000L;
            h.reset();
            while (i < n && doneMs[i] < endMs) {
                h.recordValue(latencyNs[i++]);
            }
            double end = i < n ? s + 1 : Math.max(Math.min(s + 1, elapsedSeconds), s + 0.001);
            out.add(new LatencyBenchmark.Interval(end, end - s, h.getTotalCount(), h.getValueAtPercentile(50), h.getValueAtPercentile(90),
                    h.getValueAtPercentile(99), h.getMaxValue()));
        }
        return out;
    }
}
