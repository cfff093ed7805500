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
import org.fiberbench.measure.LatencyReport;
import org.fiberbench.measure.LatencyReportBuilder;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.result.ScenarioResult;

/**
 * A load run's outcome (whole intervals only): its {@link LatencyReport} (the {@code latency}
 * section of results-format), its flat metrics, and the {@code .hgrm} percentile spectrum. Immutable.
 */
public final class LoadOutcome {
    private final LoadOptions options;
    private final LoadRecorder.Snapshot s;
    private final boolean interrupted;
    private final LatencyReport report;

    LoadOutcome(LoadOptions options, LoadRecorder.Snapshot snapshot, boolean interrupted) {
        this.options = options;
        this.s = snapshot;
        this.interrupted = interrupted;
        this.report = build();
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

    /** The intervals as results.json has them. */
    public List<Map<String, Object>> intervals() {
        return report.intervals().stream().map(LatencyReport.Interval::toMap).toList();
    }

    public Histogram corrected() {
        return s.corrected();
    }

    /** The latency report of the measured intervals. */
    public LatencyReport report() {
        return report;
    }

    /** The {@code latency} section. */
    public Map<String, Object> section() {
        return report.section();
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
        m.putAll(report.percentileMetrics());
        return m;
    }

    private LatencyReport build() {
        var l = options.loop();
        LatencyReportBuilder b = l.open() ? LatencyReport.open(l.timing(), l.rate()) : LatencyReport.closed(l.users());
        List<LatencyReport.Bucket> buckets = new ArrayList<>(options.buckets().ranges(s.corrected()));
        buckets.add(new LatencyReport.Bucket("errors", null, errors()));
        return b.histograms(s.corrected(), s.uncorrected()).achievedRate(throughput())
                .counts(s.completed(), errors(), s.errorsByClass()).intervals(s.intervals()).buckets(buckets).build();
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
        java.nio.file.Path service = run.scenarioFile(r.id(), "-service.hlog");
        if (java.nio.file.Files.exists(service)) {
            r.file("hlog_service", "scenarios/" + service.getFileName());
        }
        if (interrupted) {
            r.termination("interrupted");
        }
        return r;
    }
}
