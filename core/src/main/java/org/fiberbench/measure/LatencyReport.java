package org.fiberbench.measure;

import com.fasterxml.jackson.annotation.JsonFormat;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * The latency of one closed or open scenario, whoever measured it: the loop fork, the HTTP load
 * generator or the order book's latency command. Made by {@link LatencyReportBuilder} from
 * HdrHistograms and the run's rate, saturation and backlog figures; {@link #section()} is the one
 * place that writes the {@code latency} section of docs/results-format.md, and {@link
 * #percentileMetrics} the flat {@code latency_*} / {@code service_*} metrics.
 *
 * <p>Immutable, and plain data all the way down so that it crosses the fork boundary as JSON and
 * compares with {@code equals} after the round trip. A view with no recorded value has null
 * figures ("no data"), never 0, which would read as an instant answer.
 */
public record LatencyReport(Load load, Outcome outcome, Views views, List<Interval> intervals, List<Bucket> buckets) {

    public LatencyReport {
        Objects.requireNonNull(load);
        Objects.requireNonNull(outcome);
        Objects.requireNonNull(views);
        intervals = List.copyOf(intervals);
        buckets = List.copyOf(buckets);
    }

    /** Starts an open-model report: intended start times set by {@code timing} at {@code requestedRate} per second. */
    public static LatencyReportBuilder open(String timing, double requestedRate) {
        return new LatencyReportBuilder(new Load("open", timing, requestedRate, 0, null, null));
    }

    /** Starts a closed-model report: {@code users} each waiting for the answer before the next request. */
    public static LatencyReportBuilder closed(int users) {
        return new LatencyReportBuilder(new Load("closed", "closed", null, users, null, null));
    }

    /**
     * How the load was offered. {@code requestedRateOpsS} is null for a closed model; {@code durationS}
     * and {@code warmupS} are null when the producer has no such window of its own.
     */
    public record Load(String model, String timing, Double requestedRateOpsS, int users, Double durationS, Double warmupS) {
    }

    /**
     * What came out. {@code saturationReason} may be set on an unsaturated (closed) run too: it then says
     * why its figures need care (tasks left unfinished). {@code inFlightAtEnd} is null when not counted;
     * {@code modelFigures} are the load model's own counts written beside the others (pacer lag, peak in flight).
     */
    public record Outcome(double achievedRateOpsS, boolean saturated, String saturationReason, long completed, long errors,
                          Map<String, Long> errorsByClass, Long inFlightAtEnd, Map<String, Long> modelFigures) {
        public Outcome {
            errorsByClass = Collections.unmodifiableMap(new TreeMap<>(errorsByClass));
            // kept in the model's own order: it groups its figures (lag p50, p99, max)
            modelFigures = Collections.unmodifiableMap(new LinkedHashMap<>(modelFigures));
        }
    }

    /**
     * The percentile views: corrected (from the intended start), uncorrected (service time), and for the
     * loop the batch-start and start-delay views (null when not kept); the spectra of the first two.
     */
    public record Views(Percentiles corrected, Percentiles uncorrected, Percentiles batchStart, Percentiles startDelay,
                        List<Point> spectrumCorrected, List<Point> spectrumUncorrected) {
        public Views {
            spectrumCorrected = List.copyOf(spectrumCorrected);
            spectrumUncorrected = List.copyOf(spectrumUncorrected);
        }
    }

    /** p50 ... p99.99, max and mean in ns; all null for an empty histogram. */
    public record Percentiles(Long p50Ns, Long p90Ns, Long p99Ns, Long p999Ns, Long p9999Ns, Long maxNs, Double meanNs) {
        static final String[] LEVELS = {"p50", "p90", "p99", "p99_9", "p99_99"};
        private static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99};

        public static Percentiles of(Histogram h) {
            if (h.getTotalCount() == 0) {
                return new Percentiles(null, null, null, null, null, null, null);
            }
            long[] v = new long[PERCENTILES.length];
            for (int i = 0; i < v.length; i++) {
                v[i] = h.getValueAtPercentile(PERCENTILES[i]);
            }
            return new Percentiles(v[0], v[1], v[2], v[3], v[4], h.getMaxValue(), h.getMean());
        }

        /** {@code {p50_ns, ..., p99_99_ns, max_ns, mean_ns}}, the results format's shape. */
        public Map<String, Object> toMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            Long[] v = {p50Ns, p90Ns, p99Ns, p999Ns, p9999Ns};
            for (int i = 0; i < LEVELS.length; i++) {
                m.put(LEVELS[i] + "_ns", v[i]);
            }
            m.put("max_ns", maxNs);
            m.put("mean_ns", meanNs);
            return m;
        }
    }

    /** One point of a spectrum: the percentile as 0..1 and the value in ns; written as {@code [p, ns]}. */
    @JsonFormat(shape = JsonFormat.Shape.ARRAY)
    public record Point(double p, double ns) {
    }

    /** A latency range and how many answers fell in it; {@code upperNs} null: no upper bound. */
    public record Bucket(String label, Long upperNs, long count) {
        public Map<String, Object> toMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("label", label);
            m.put("upper_ns", upperNs);
            m.put("count", count);
            return m;
        }
    }

    /**
     * One second (or the part of one at a phase change) of the run. {@code phase}, {@code drain},
     * {@code errors}, {@code activeUsers}, {@code backlog} and the service figures are null where the
     * producer does not track them and are then left out; the percentiles are null when nothing finished.
     */
    public record Interval(double tS, boolean warmup, String phase, Boolean drain, long count, Long errors,
                           double throughputOpsS, Integer activeUsers, Long backlog, Long p50Ns, Long p90Ns, Long p99Ns,
                           Long maxNs, Long serviceP50Ns, Long serviceP99Ns) {

        /** {@code h}'s value at {@code percentile}, or null when it is empty. */
        public static Long at(Histogram h, double percentile) {
            return h.getTotalCount() == 0 ? null : h.getValueAtPercentile(percentile);
        }

        /** {@code h}'s largest value, or null when it is empty. */
        public static Long max(Histogram h) {
            return h.getTotalCount() == 0 ? null : h.getMaxValue();
        }

        /** The interval as results.json has it. */
        public Map<String, Object> toMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("t_s", tS);
            m.put("warmup", warmup);
            putIfSet(m, "phase", phase);
            putIfSet(m, "drain", drain);
            m.put("count", count);
            putIfSet(m, "errors", errors);
            m.put("throughput_ops_s", throughputOpsS);
            putIfSet(m, "active_users", activeUsers);
            putIfSet(m, "backlog", backlog);
            m.put("p50_ns", p50Ns);
            m.put("p90_ns", p90Ns);
            m.put("p99_ns", p99Ns);
            m.put("max_ns", maxNs);
            putIfSet(m, "service_p50_ns", serviceP50Ns);
            putIfSet(m, "service_p99_ns", serviceP99Ns);
            return m;
        }
    }

    /** The {@code latency} section of results.json. */
    public Map<String, Object> section() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("model", load.model());
        m.put("timing", load.timing());
        m.put("requested_rate_ops_s", load.requestedRateOpsS());
        m.put("achieved_rate_ops_s", outcome.achievedRateOpsS());
        m.put("users", load.users());
        putIfSet(m, "duration_s", load.durationS());
        putIfSet(m, "warmup_s", load.warmupS());
        m.put("saturated", outcome.saturated());
        m.put("saturation_reason", outcome.saturationReason());
        m.put("completed", outcome.completed());
        m.put("errors", outcome.errors());
        m.put("errors_by_class", outcome.errorsByClass());
        putIfSet(m, "in_flight_at_end", outcome.inFlightAtEnd());
        m.putAll(outcome.modelFigures());
        m.put("corrected", views.corrected().toMap());
        m.put("uncorrected", views.uncorrected().toMap());
        putIfSet(m, "batch_start", views.batchStart() == null ? null : views.batchStart().toMap());
        putIfSet(m, "start_delay", views.startDelay() == null ? null : views.startDelay().toMap());
        Map<String, Object> spectrum = new LinkedHashMap<>();
        spectrum.put("corrected", points(views.spectrumCorrected()));
        spectrum.put("uncorrected", points(views.spectrumUncorrected()));
        m.put("spectrum", spectrum);
        m.put("intervals", intervals.stream().map(Interval::toMap).toList());
        m.put("buckets", buckets.stream().map(Bucket::toMap).toList());
        return m;
    }

    /** The flat metrics of the views: {@code latency_*} (corrected), {@code service_*}, and {@code batch_latency_*} when kept. */
    public Map<String, Object> percentileMetrics() {
        Map<String, Object> m = new LinkedHashMap<>();
        views.corrected().toMap().forEach((k, v) -> m.put("latency_" + k, v));
        views.uncorrected().toMap().forEach((k, v) -> m.put("service_" + k, v));
        if (views.batchStart() != null) {
            views.batchStart().toMap().forEach((k, v) -> m.put("batch_latency_" + k, v));
        }
        return m;
    }

    public long completed() {
        return outcome.completed();
    }

    public boolean saturated() {
        return outcome.saturated();
    }

    private static List<double[]> points(List<Point> points) {
        List<double[]> out = new ArrayList<>(points.size());
        points.forEach(p -> out.add(new double[] {p.p(), p.ns()}));
        return out;
    }

    private static void putIfSet(Map<String, Object> m, String key, Object value) {
        if (value != null) {
            m.put(key, value);
        }
    }
}
