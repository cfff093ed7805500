package org.fiberbench.cli.orderbook;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fiberbench.measure.HistogramViews;
import org.fiberbench.measure.LatencyReport;
import org.fiberbench.measure.LatencyReportBuilder;
import org.fiberbench.orderbook.bench.LatencyBenchmark;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.result.ScenarioResult;

/**
 * A latency run as a scenario of results.json, shaped like fiberbench's own open-loop scenarios so
 * the report and {@code compare} treat both alike: the score is the p99 in ms with each second's
 * p99 as iterations; the {@code latency} section has the percentiles corrected (from the timing's
 * clock start) and uncorrected (service time), the spectrum, per-second intervals and buckets.
 */
final class LatencyResults {
    /** Decade buckets from 1 µs: an order book answers in micro- to milliseconds. */
    private static final long[] BUCKET_UPPER_NS = {1_000L, 10_000L, 100_000L, 1_000_000L, 10_000_000L, 100_000_000L, 1_000_000_000L};
    private static final String[] BUCKET_LABELS = {"< 1 µs", "< 10 µs", "< 100 µs", "< 1 ms", "< 10 ms", "< 100 ms", "< 1 s"};

    private LatencyResults() {
    }

    /** {@code floor}: the empty book's run at the same timing and JVM options, or null; it goes into {@code orderbook.floor}. */
    static void record(RunDirectory run, ScenarioResult r, LatencyBenchmark.Result res, String jvm, LatencyBenchmark.Result floor) {
        LatencyReport report = report(res);
        double[] p99s = res.secondlyP99Ms();
        r.metric("score", res.latency().getValueAtPercentile(99) / 1e6).metric("score_unit", "ms p99");
        if (p99s.length > 1) {
            r.iterations(p99s);
        }
        report.percentileMetrics().forEach(r::metric);
        r.metric("throughput_ops_s", res.achievedRate()).metric("requested_rate_ops_s", res.rate())
                .metric("completed", res.sent()).metric("errors", 0).metric("cpu_s", res.cpuSeconds());
        r.config("gc", String.join(", ", res.collectors()));
        r.section("latency", report.section());
        Map<String, Object> ob = orderbook(r, res, jvm);
        if (floor != null) {
            ob.put("floor", Map.of("p50_ns", floor.latency().getValueAtPercentile(50), "p99_ns", floor.latency().getValueAtPercentile(99),
                    "p99_9_ns", floor.latency().getValueAtPercentile(99.9), "sent_per_s", floor.achievedRate()));
        }
        r.section("orderbook", ob);
        r.file("hgrm", Runs.writeHgrm(run, r.id(), ".hgrm", res.latency()));
        r.file("hgrm_service", Runs.writeHgrm(run, r.id(), "-service.hgrm", res.service()));
        double cpuShare = res.cpuSeconds() / res.elapsedSeconds();
        if (!res.completed()) {
            r.metric("warning", "rate not achieved: sent " + res.sent() + " of " + res.planned());
        } else if (cpuShare < 0.9) {
            r.metric("warning", String.format("the sending thread ran only %.0f%% of the time: a busy machine; "
                    + "the tail shows the OS scheduler", 100 * cpuShare));
        }
    }

    /** One line of the floor table: p50, p99, p99.9 and sent/s of the book, each with the floor's beside it. */
    static String besideFloor(String impl, String timing, String jvm, LatencyBenchmark.Result book, LatencyBenchmark.Result floor) {
        StringBuilder b = new StringBuilder(String.format("%-6s %-8s %s", impl, timing, jvm));
        for (double p : new double[] {50, 99, 99.9}) {
            b.append(String.format("  p%s %9.1f | %-9.1f", p == 99.9 ? "99.9" : Integer.toString((int) p),
                    book.latency().getValueAtPercentile(p) / 1e3, floor.latency().getValueAtPercentile(p) / 1e3));
        }
        return b.append(String.format("  sent/s %.0f | %.0f%s", book.achievedRate(), floor.achievedRate(),
                saturated(book) || saturated(floor) ? "  (rate not achieved)" : "")).toString();
    }

    /** Whether the run fell short of its rate: stopped at the deadline, or sent under the saturation share of it. */
    static boolean saturated(LatencyBenchmark.Result res) {
        return report(res).saturated();
    }

    /** The run's latency: corrected from the timing's clock start, uncorrected from the actual send (service time). */
    static LatencyReport report(LatencyBenchmark.Result res) {
        LatencyReportBuilder b = LatencyReport.open(res.timing().label(), res.rate())
                .histograms(res.latency(), res.service()).achievedRate(res.achievedRate())
                .counts(res.sent(), 0, Map.of()).intervals(intervals(res.intervals()))
                .buckets(HistogramViews.buckets(res.latency(), BUCKET_UPPER_NS, BUCKET_LABELS, ">= 1 s",
                        res.latency().getMaxValue() + 1));
        if (!res.completed()) {
            b.reason("stopped at the deadline after " + res.sent() + " of " + res.planned() + " commands");
        }
        return b.build();
    }

    private static Map<String, Object> orderbook(ScenarioResult r, LatencyBenchmark.Result res, String jvm) {
        Map<String, Object> ob = new LinkedHashMap<>();
        ob.put("kind", "latency");
        ob.put("impl", r.executor());
        ob.put("timing", res.timing().label());
        ob.put("jvm", jvm);
        ob.put("rate", res.rate());
        ob.put("sent_per_s", res.achievedRate());
        ob.put("presized_orders", res.presizedOrders());
        return ob;
    }

    private static List<LatencyReport.Interval> intervals(List<LatencyBenchmark.Interval> intervals) {
        List<LatencyReport.Interval> out = new ArrayList<>();
        for (LatencyBenchmark.Interval iv : intervals) {
            boolean any = iv.count() > 0;
            out.add(new LatencyReport.Interval(Math.round(iv.endSeconds() * 1000) / 1000.0, false, "measure", null,
                    iv.count(), null, iv.throughput(), null, null, any ? iv.p50Ns() : null, any ? iv.p90Ns() : null,
                    any ? iv.p99Ns() : null, any ? iv.maxNs() : null, null, null));
        }
        return out;
    }
}
