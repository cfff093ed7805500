package org.fiberbench.result.jtl;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.fiberbench.http.Buckets;
import org.fiberbench.measure.LatencyReport;
import org.fiberbench.result.ScenarioResult;

/** The one scenario of an imported JTL, with a {@code load} run's metrics and latency section. */
final class JtlScenario {
    private JtlScenario() {
    }

    static ScenarioResult of(String id, Path jtl, JtlTally t, long samples, Buckets buckets) {
        String workload = t.url() != null ? "http:url=" + t.url() : "jtl:file=" + jtl.getFileName();
        String load = String.format(Locale.ROOT, "closed:users=%d,duration=%ds", t.maxThreads(),
                Math.max(1, Math.round(t.spanSeconds())));
        ScenarioResult r = new ScenarioResult(id, "jmeter", workload, load)
                .config("runner", "jmeter (imported JTL)").config("source", jtl.getFileName().toString())
                .config("buckets", buckets.toString()).config("load_inferred", "JMeter's thread group is taken as a closed"
                        + " loop of its largest thread count (allThreads), over the span from the first send to the last answer")
                .config("late_samples", t.late());
        LatencyReport report = report(t, buckets);
        r.metric("throughput_ops_s", t.throughput()).metric("completed", t.ok()).metric("errors", t.errors())
                .metric("requests_sent", samples);
        report.percentileMetrics().forEach(r::metric);
        r.section("latency", section(report, t));
        r.durationSeconds(t.spanSeconds());
        return r;
    }

    private static LatencyReport report(JtlTally t, Buckets buckets) {
        List<LatencyReport.Bucket> ranges = new ArrayList<>(buckets.ranges(t.service()));
        ranges.add(new LatencyReport.Bucket("errors", null, t.errors()));
        return LatencyReport.closed(t.maxThreads()).window(JtlImport.span(t), java.time.Duration.ZERO)
                .histograms(new Histogram(3), t.service()).achievedRate(t.throughput())
                .counts(t.ok(), t.errors(), t.errorsByClass()).intervals(t.intervals()).buckets(ranges).build();
    }

    /** The latency section with no corrected spectrum, the reason it is absent, and the per-agent breakdown. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> section(LatencyReport report, JtlTally t) {
        Map<String, Object> m = report.section();
        m.put("timing", "actual send (JMeter)");
        ((Map<String, Object>) m.get("spectrum")).remove("corrected");
        m.put("corrected_absent", JtlImport.CORRECTED_ABSENT);
        List<Map<String, Object>> agents = t.agents();
        if (!agents.isEmpty()) {
            m.put("agents", agents);
        }
        return m;
    }
}
