package org.fiberbench.http;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.fiberbench.load.LoadSpec;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.result.ScenarioResult;

/**
 * A load run's outcome (whole intervals only): the {@code latency} section of results-format,
 * its flat metrics, and the {@code .hgrm} percentile spectrum. Immutable.
 */
public final class LoadOutcome {
    private static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99};
    private static final String[] NAMES = {"p50", "p90", "p99", "p99_9", "p99_99"};
    private final LoadOptions options;
    private final LoadRecorder.Snapshot s;
    private final boolean interrupted;

    LoadOutcome(LoadOptions options, LoadRecorder.Snapshot snapshot, boolean interrupted) {
        this.options = options;
        this.s = snapshot;
        this.interrupted = interrupted;
    }

    public boolean interrupted() {
        return interrupted;
    }

    public long completed() {
        return s.completed();
    }

    public long errors() {
        return s.errorsByClass().values().stream().mapToLong(Long::longValue).sum();
    }

    /** Every request sent, warm-up and drain included: what the server's own counter should show. */
    public long sent() {
        return s.sent();
    }

    public Map<String, Long> errorsByClass() {
        return s.errorsByClass();
    }

    public double throughput() {
        return s.seconds() > 0 ? s.completed() / s.seconds() : 0;
    }

    public List<Map<String, Object>> intervals() {
        return s.intervals();
    }

    public Histogram corrected() {
        return s.corrected();
    }

    /** The {@code latency} section. */
    public Map<String, Object> section() {
        var l = options.loop();
        boolean open = l.open();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("model", open ? "open" : "closed");
        if (open) {
            m.put("timing", l.timing());
            m.put("requested_rate_ops_s", l.rate());
        }
        m.put("achieved_rate_ops_s", throughput());
        m.put("users", open ? 0 : l.users());
        if (open && throughput() < LoadSpec.SATURATION_SHARE * l.rate()) {
            m.put("saturated", true);
            m.put("saturation_reason", String.format(java.util.Locale.ROOT, "achieved %.1f%% of requested rate",
                    100 * throughput() / l.rate()));
        }
        m.put("completed", s.completed());
        m.put("errors", errors());
        m.put("errors_by_class", s.errorsByClass());
        m.put("corrected", percentiles(s.corrected()));
        m.put("uncorrected", percentiles(s.uncorrected()));
        m.put("spectrum", Map.of("corrected", spectrum(s.corrected()), "uncorrected", spectrum(s.uncorrected())));
        m.put("intervals", s.intervals());
        List<Map<String, Object>> buckets = new ArrayList<>(options.buckets().count(s.corrected()));
        buckets.add(Map.of("label", "errors", "count", errors()));
        m.put("buckets", buckets);
        return m;
    }

    /** Flat metrics, unit-suffixed. */
    public Map<String, Object> metrics() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("throughput_ops_s", throughput());
        if (options.loop().open()) {
            m.put("requested_rate_ops_s", options.loop().rate());
        }
        m.put("completed", s.completed());
        m.put("errors", errors());
        m.put("requests_sent", s.sent());
        percentiles(s.corrected()).forEach((k, v) -> m.put("latency_" + k, v));
        percentiles(s.uncorrected()).forEach((k, v) -> m.put("service_" + k, v));
        return m;
    }

    static Map<String, Object> percentiles(Histogram h) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < PERCENTILES.length; i++) {
            m.put(NAMES[i] + "_ns", h.getTotalCount() == 0 ? null : h.getValueAtPercentile(PERCENTILES[i]));
        }
        m.put("max_ns", h.getTotalCount() == 0 ? null : h.getMaxValue());
        m.put("mean_ns", h.getTotalCount() == 0 ? null : h.getMean());
        return m;
    }

    private static List<double[]> spectrum(Histogram h) {
        List<double[]> out = new ArrayList<>();
        if (h.getTotalCount() == 0) {
            return out;
        }
        for (double p : new double[] {0, 10, 25, 50, 75, 90, 95, 99, 99.5, 99.9, 99.99, 99.999, 100}) {
            out.add(new double[] {p / 100, h.getValueAtPercentile(p)});
        }
        return out;
    }

    /** HdrHistogram's percentile distribution of the corrected latency, in milliseconds. */
    public String hgrm() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream p = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            s.corrected().outputPercentileDistribution(p, 1e6);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    /** Puts metrics, the latency section and the .hgrm file into {@code r}; the .hlog was written during the run. */
    public ScenarioResult into(ScenarioResult r, RunDirectory run) throws java.io.IOException {
        metrics().forEach(r::metric);
        r.section("latency", section());
        java.nio.file.Path hgrm = run.scenarioFile(r.id(), ".hgrm");
        RunDirectory.writeAtomically(hgrm, hgrm().getBytes(StandardCharsets.UTF_8));
        r.file("hgrm", "scenarios/" + hgrm.getFileName());
        java.nio.file.Path hlog = run.scenarioFile(r.id(), ".hlog");
        if (java.nio.file.Files.exists(hlog)) {
            r.file("hlog", "scenarios/" + hlog.getFileName());
        }
        if (interrupted) {
            r.termination("interrupted");
        }
        return r;
    }
}
