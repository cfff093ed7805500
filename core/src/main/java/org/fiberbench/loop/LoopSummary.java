package org.fiberbench.loop;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.fiberbench.executor.WorkerStats;
import org.fiberbench.load.LoadModel;
import org.fiberbench.load.LoadSpec;
import org.fiberbench.load.LoopLoad;
import org.fiberbench.measure.HistogramViews;
import org.fiberbench.measure.LatencyRecorder;
import org.fiberbench.measure.Stats;

/**
 * Turns a finished loop into the {@code latency} section and flat metrics of docs/results-format.md.
 *
 * <p>Scores, so ratios and {@code compare} work like for batches: an open scenario's score is its
 * corrected p99 in ms (the rate is fixed by the user, so latency is what differs between
 * executors), with the per-second p99s as iterations; a closed scenario's score is its throughput
 * in ops/s (a closed loop runs as fast as the system lets it), with per-second throughput as
 * iterations. Only measured intervals count, never warm-up or drain ones.
 */
final class LoopSummary {
    static final String[] LEVELS = {"p50", "p90", "p99", "p99_9", "p99_99"};
    static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99};
    private static final int SPECTRUM_POINTS = 200;
    private static final long[] BUCKET_UPPER_NS = {1_000_000L, 10_000_000L, 100_000_000L, 1_000_000_000L, 10_000_000_000L};
    private static final String[] BUCKET_LABELS = {"< 1 ms", "< 10 ms", "< 100 ms", "< 1 s", "< 10 s"};

    private LoopSummary() {
    }

    static Map<String, Object> build(LoopLoad load, LatencyRecorder rec, LoadModel model, IntervalLog log, long inFlight,
                                     WorkerStats workers) {
        boolean open = load.open();
        double seconds = 0;
        double finishedInWindow = 0;
        for (double[] iv : log.measured) {
            seconds += iv[0];
            finishedInWindow += iv[1];
        }
        double achieved = seconds > 0 ? finishedInWindow / seconds : 0;
        Map<String, Object> figures = model.figures();
        List<String> reasons = reasons(load, achieved, log.measured, inFlight, figures);

        Map<String, Object> lat = new LinkedHashMap<>();
        lat.put("model", open ? "open" : "closed");
        lat.put("timing", load.timing());
        lat.put("requested_rate_ops_s", open ? load.rate() : null);
        lat.put("achieved_rate_ops_s", achieved);
        lat.put("users", open ? 0 : load.users());
        lat.put("duration_s", load.duration().toMillis() / 1000.0);
        lat.put("warmup_s", load.warmup().toMillis() / 1000.0);
        lat.put("saturated", open && !reasons.isEmpty());
        lat.put("saturation_reason", reasons.isEmpty() ? null : String.join("; ", reasons));
        lat.put("completed", log.corrected.getTotalCount());
        lat.put("errors", rec.errors());
        lat.put("errors_by_class", rec.errorsByClass());
        lat.put("in_flight_at_end", inFlight);
        lat.putAll(figures);
        lat.put("corrected", percentiles(log.corrected));
        lat.put("uncorrected", percentiles(log.service));
        if (open) {
            lat.put("batch_start", percentiles(log.batch));
        }
        lat.put("start_delay", percentiles(log.startDelay));
        Map<String, Object> spectrum = new LinkedHashMap<>();
        spectrum.put("corrected", HistogramViews.spectrum(log.corrected, SPECTRUM_POINTS));
        spectrum.put("uncorrected", HistogramViews.spectrum(log.service, SPECTRUM_POINTS));
        lat.put("spectrum", spectrum);
        lat.put("intervals", log.intervals);
        lat.put("buckets", HistogramViews.buckets(log.corrected, BUCKET_UPPER_NS, BUCKET_LABELS, ">= 10 s",
                LatencyRecorder.HIGHEST_NS));

        Map<String, Object> out = new LinkedHashMap<>();
        out.put("metrics", metrics(load, lat, log, achieved, reasons));
        out.put("iterations", iterations(open, log.measured));
        out.put("latency", lat);
        out.put("workers", workers.section());
        return out;
    }

    private static List<String> reasons(LoopLoad load, double achieved, List<double[]> measured, long inFlight,
                                        Map<String, Object> figures) {
        List<String> r = new ArrayList<>();
        if (load.open()) {
            double share = achieved / load.rate();
            if (share < LoadSpec.SATURATION_SHARE) {
                r.add(String.format(Locale.ROOT, "achieved %.1f%% of requested rate", share * 100));
            }
            if (measured.size() >= 2) {
                double first = measured.get(0)[2];
                double last = measured.get(measured.size() - 1)[2];
                if (last - first > Math.max(10, 0.05 * load.rate())) {
                    r.add(String.format(Locale.ROOT, "backlog grew from %.0f to %.0f tasks", first, last));
                }
            }
            Object notSubmitted = figures.get("not_submitted");
            // a handful missed at the very end is noise; it stays in latency.not_submitted either way
            double due = load.rate() * load.duration().toMillis() / 1000.0;
            if (notSubmitted instanceof Long n && n > Math.max(1, 0.005 * due)) {
                r.add("the pacer fell behind: " + n + " due tasks never submitted");
            }
        }
        if (inFlight > 0) {
            r.add(inFlight + " tasks still unfinished after the drain (hanging or backlog)");
        }
        return r;
    }

    static Map<String, Object> percentiles(Histogram h) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < LEVELS.length; i++) {
            m.put(LEVELS[i] + "_ns", h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(PERCENTILES[i]));
        }
        m.put("max_ns", h.getMaxValue());
        m.put("mean_ns", h.getTotalCount() == 0 ? 0.0 : h.getMean());
        return m;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> metrics(LoopLoad load, Map<String, Object> lat, IntervalLog log, double achieved,
                                               List<String> reasons) {
        boolean open = load.open();
        Map<String, Object> m = new LinkedHashMap<>();
        double[] it = iterations(open, log.measured);
        if (open) {
            m.put("score", log.corrected.getValueAtPercentile(99) / 1e6);
            m.put("score_unit", "ms p99");
        } else {
            m.put("score", achieved);
            m.put("score_unit", "ops/s");
        }
        m.put("score_error", it.length > 1 ? Stats.halfWidth(it) : null);
        m.put("throughput_ops_s", achieved);
        m.put("requested_rate_ops_s", open ? load.rate() : null);
        m.put("completed", lat.get("completed"));
        m.put("errors", lat.get("errors"));
        m.put("in_flight_at_end", lat.get("in_flight_at_end"));
        flat(m, "latency_", (Map<String, Object>) lat.get("corrected"));
        flat(m, "service_", (Map<String, Object>) lat.get("uncorrected"));
        if (open) {
            flat(m, "batch_latency_", (Map<String, Object>) lat.get("batch_start"));
        }
        m.put("start_delay_p99_ns", ((Map<String, Object>) lat.get("start_delay")).get("p99_ns"));
        if (lat.containsKey("peak_in_flight")) {
            m.put("peak_in_flight", lat.get("peak_in_flight"));
        }
        if (!reasons.isEmpty()) {
            m.put("warning", (open ? "saturated: " : "") + String.join("; ", reasons));
        }
        return m;
    }

    private static void flat(Map<String, Object> m, String prefix, Map<String, Object> p) {
        p.forEach((k, v) -> m.put(prefix + k, v));
    }

    /** Per measured second: corrected p99 in ms (open) or throughput in ops/s (closed). */
    static double[] iterations(boolean open, List<double[]> measured) {
        return measured.stream().mapToDouble(iv -> open ? iv[3] / 1e6 : iv[1] / iv[0]).toArray();
    }
}
