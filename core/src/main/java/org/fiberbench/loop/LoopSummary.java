package org.fiberbench.loop;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.fiberbench.executor.WorkerStats;
import org.fiberbench.load.LoadModel;
import org.fiberbench.load.LoadSpec;
import org.fiberbench.load.LoopLoad;
import org.fiberbench.measure.HistogramViews;
import org.fiberbench.measure.LatencyRecorder;
import org.fiberbench.measure.LatencyReport;
import org.fiberbench.measure.LatencyReportBuilder;

/**
 * Turns a finished loop into its {@link LoopResult}: the {@link LatencyReport} of the measured
 * intervals, the per-second iteration scores, and the executor's worker balance.
 */
final class LoopSummary {
    private static final long[] BUCKET_UPPER_NS = {1_000_000L, 10_000_000L, 100_000_000L, 1_000_000_000L, 10_000_000_000L};
    private static final String[] BUCKET_LABELS = {"< 1 ms", "< 10 ms", "< 100 ms", "< 1 s", "< 10 s"};

    private LoopSummary() {
    }

    /** {@code window}: the load's duration, or shorter when precision on demand ended it early (the request's load then holds the budget). */
    static LoopResult build(LoopLoad load, Duration window, LatencyRecorder rec, LoadModel model, IntervalLog log,
                            long inFlight, WorkerStats workers) {
        boolean open = load.open();
        double seconds = 0;
        double finishedInWindow = 0;
        for (double[] iv : log.measured) {
            seconds += iv[0];
            finishedInWindow += iv[1];
        }
        Map<String, Long> figures = model.figures();
        LatencyReportBuilder report = open
                ? LatencyReport.open(load.timing(), load.rate()).batchStart(log.batch)
                : LatencyReport.closed(load.users());
        report.window(window, load.warmup())
                .histograms(log.corrected, log.service).startDelay(log.startDelay)
                .achievedRate(seconds > 0 ? finishedInWindow / seconds : 0)
                .counts(log.corrected.getTotalCount(), rec.errors(), rec.errorsByClass())
                .inFlightAtEnd(inFlight).modelFigures(figures)
                .intervals(log.intervals)
                .buckets(HistogramViews.buckets(log.corrected, BUCKET_UPPER_NS, BUCKET_LABELS, ">= 10 s",
                        LatencyRecorder.HIGHEST_NS));
        if (log.measured.size() >= 2) {
            report.backlog((long) log.measured.get(0)[2], (long) log.measured.get(log.measured.size() - 1)[2]);
        }
        Long notSubmitted = figures.get("not_submitted");
        // a handful missed at the very end is noise; it stays in latency.not_submitted either way
        double due = open ? load.rate() * window.toMillis() / 1000.0 : 0;
        if (open && notSubmitted != null && notSubmitted > Math.max(1, 0.005 * due)) {
            report.reason("the pacer fell behind: " + notSubmitted + " due tasks never submitted");
        }
        List<Double> iterations = Arrays.stream(iterations(open, log.measured)).boxed().toList();
        return new LoopResult(report.build(), iterations, workers.section());
    }

    /** Per measured second: corrected p99 in ms (open) or throughput in ops/s (closed). */
    static double[] iterations(boolean open, List<double[]> measured) {
        return measured.stream().mapToDouble(iv -> open ? iv[3] / 1e6 : iv[1] / iv[0]).toArray();
    }
}
