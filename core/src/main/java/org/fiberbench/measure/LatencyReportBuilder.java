package org.fiberbench.measure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Makes a {@link LatencyReport}: the views and spectra from the HdrHistograms, and whether the run
 * was saturated, by one set of rules for every producer. Started by {@link LatencyReport#open} or
 * {@link LatencyReport#closed}; used by one thread.
 *
 * <p>An open run is saturated when any reason holds: it achieved under {@link #SATURATION_SHARE}
 * of the requested rate, its backlog grew over the measured window, or a producer's own reason
 * ({@link #reason}: the pacer fell behind, the deadline stopped it). Tasks still unfinished after
 * the drain are a reason for any model, but a closed run is never called saturated: its rate is
 * whatever the system gives.
 */
public final class LatencyReportBuilder {
    /** Below this share of the requested rate an open run is saturated. */
    public static final double SATURATION_SHARE = 0.95;
    private static final int SPECTRUM_POINTS = 200;

    private LatencyReport.Load load;
    private Histogram corrected = new Histogram(3);
    private Histogram service = new Histogram(3);
    private Histogram batchStart;
    private Histogram startDelay;
    private double achieved;
    private long completed;
    private long errors;
    private Map<String, Long> errorsByClass = Map.of();
    private Long inFlightAtEnd;
    private Map<String, Long> modelFigures = Map.of();
    private long[] backlog;
    private final List<String> reasons = new ArrayList<>();
    private List<LatencyReport.Interval> intervals = List.of();
    private List<LatencyReport.Bucket> buckets = List.of();

    LatencyReportBuilder(LatencyReport.Load load) {
        this.load = load;
    }

    /** The run's length and warm-up, for producers that have them. */
    public LatencyReportBuilder window(Duration duration, Duration warmup) {
        load = new LatencyReport.Load(load.model(), load.timing(), load.requestedRateOpsS(), load.users(),
                duration.toMillis() / 1000.0, warmup.toMillis() / 1000.0);
        return this;
    }

    /** The measured totals in ns: from the intended start (corrected) and from the actual start (service time). */
    public LatencyReportBuilder histograms(Histogram correctedNs, Histogram serviceNs) {
        this.corrected = correctedNs;
        this.service = serviceNs;
        return this;
    }

    /** Open loop: latency from the start of each task's one-second batch (the batch-start view). */
    public LatencyReportBuilder batchStart(Histogram ns) {
        this.batchStart = ns;
        return this;
    }

    /** Loop: how late tasks started after their intended start. */
    public LatencyReportBuilder startDelay(Histogram ns) {
        this.startDelay = ns;
        return this;
    }

    /** Tasks finished (ok or failed) per second of the measured window. */
    public LatencyReportBuilder achievedRate(double opsPerSecond) {
        this.achieved = opsPerSecond;
        return this;
    }

    public LatencyReportBuilder counts(long completedOk, long failed, Map<String, Long> failedByClass) {
        this.completed = completedOk;
        this.errors = failed;
        this.errorsByClass = failedByClass;
        return this;
    }

    /** Tasks submitted but not finished when the run ended: a reason to distrust the figures when above 0. */
    public LatencyReportBuilder inFlightAtEnd(long tasks) {
        this.inFlightAtEnd = tasks;
        return this;
    }

    /** The backlog (submitted − finished) at the end of the first and of the last measured interval. */
    public LatencyReportBuilder backlog(long first, long last) {
        this.backlog = new long[] {first, last};
        return this;
    }

    /** The load model's own counts, written beside the others. */
    public LatencyReportBuilder modelFigures(Map<String, Long> figures) {
        this.modelFigures = new LinkedHashMap<>(figures);
        return this;
    }

    /** A producer's own reason why the requested rate was not offered or achieved. */
    public LatencyReportBuilder reason(String why) {
        reasons.add(why);
        return this;
    }

    public LatencyReportBuilder intervals(List<LatencyReport.Interval> list) {
        this.intervals = list;
        return this;
    }

    public LatencyReportBuilder buckets(List<LatencyReport.Bucket> list) {
        this.buckets = list;
        return this;
    }

    public LatencyReport build() {
        List<String> why = saturationReasons();
        boolean open = load.requestedRateOpsS() != null;
        LatencyReport.Outcome outcome = new LatencyReport.Outcome(achieved, open && !why.isEmpty(),
                why.isEmpty() ? null : String.join("; ", why), completed, errors, errorsByClass, inFlightAtEnd, modelFigures);
        LatencyReport.Views views = new LatencyReport.Views(LatencyReport.Percentiles.of(corrected),
                LatencyReport.Percentiles.of(service), batchStart == null ? null : LatencyReport.Percentiles.of(batchStart),
                startDelay == null ? null : LatencyReport.Percentiles.of(startDelay), spectrum(corrected), spectrum(service));
        return new LatencyReport(load, outcome, views, intervals, buckets);
    }

    private List<String> saturationReasons() {
        List<String> r = new ArrayList<>();
        Double rate = load.requestedRateOpsS();
        if (rate != null) {
            double share = achieved / rate;
            if (share < SATURATION_SHARE) {
                r.add(String.format(Locale.ROOT, "achieved %.1f%% of requested rate", share * 100));
            }
            // a backlog that wobbles by a few tasks is noise; one that grows is a queue
            if (backlog != null && backlog[1] - backlog[0] > Math.max(10, 0.05 * rate)) {
                r.add(String.format(Locale.ROOT, "backlog grew from %d to %d tasks", backlog[0], backlog[1]));
            }
        }
        r.addAll(reasons);
        if (inFlightAtEnd != null && inFlightAtEnd > 0) {
            r.add(inFlightAtEnd + " tasks still unfinished after the drain (hanging or backlog)");
        }
        return r;
    }

    /**
     * {@code [p in 0..1, ns]} at HdrHistogram's percentile steps (5 per halving of the tail), as in
     * {@code .hgrm} files, at most {@value #SPECTRUM_POINTS} of them; empty for an empty histogram.
     */
    static List<LatencyReport.Point> spectrum(Histogram h) {
        return HistogramViews.spectrum(h, SPECTRUM_POINTS).stream().map(p -> new LatencyReport.Point(p[0], p[1])).toList();
    }
}
