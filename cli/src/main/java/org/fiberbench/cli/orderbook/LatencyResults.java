package org.fiberbench.cli.orderbook;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fiberbench.load.LoadSpec;
import org.fiberbench.measure.HistogramViews;
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
    private static final int SPECTRUM_POINTS = 200;
    /** Decade buckets from 1 µs: an order book answers in micro- to milliseconds. */
    private static final long[] BUCKET_UPPER_NS = {1_000L, 10_000L, 100_000L, 1_000_000L, 10_000_000L, 100_000_000L, 1_000_000_000L};
    private static final String[] BUCKET_LABELS = {"< 1 µs", "< 10 µs", "< 100 µs", "< 1 ms", "< 10 ms", "< 100 ms", "< 1 s"};

    private LatencyResults() {
    }

    static void record(RunDirectory run, ScenarioResult r, LatencyBenchmark.Result res, String jvm) {
        Map<String, Object> corrected = Runs.percentiles(res.latency());
        Map<String, Object> service = Runs.percentiles(res.service());
        double[] p99s = res.secondlyP99Ms();
        r.metric("score", res.latency().getValueAtPercentile(99) / 1e6).metric("score_unit", "ms p99");
        if (p99s.length > 1) {
            r.iterations(p99s);
        }
        corrected.forEach((k, v) -> r.metric("latency_" + k, v));
        service.forEach((k, v) -> r.metric("service_" + k, v));
        r.metric("throughput_ops_s", res.achievedRate()).metric("requested_rate_ops_s", res.rate())
                .metric("completed", res.sent()).metric("errors", 0).metric("cpu_s", res.cpuSeconds());
        r.config("gc", String.join(", ", res.collectors()));
        r.section("latency", section(res, corrected, service));
        r.section("orderbook", orderbook(r, res, jvm));
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

    /** Whether the run fell short of its rate: stopped at the deadline, or sent under {@link LoadSpec#SATURATION_SHARE} of it. */
    static boolean saturated(LatencyBenchmark.Result res) {
        return !res.completed() || res.achievedRate() < LoadSpec.SATURATION_SHARE * res.rate();
    }

    private static Map<String, Object> section(LatencyBenchmark.Result res, Map<String, Object> corrected, Map<String, Object> service) {
        Map<String, Object> lat = new LinkedHashMap<>();
        lat.put("model", "open");
        lat.put("timing", res.timing().label());
        lat.put("requested_rate_ops_s", res.rate());
        lat.put("achieved_rate_ops_s", res.achievedRate());
        boolean saturated = saturated(res);
        lat.put("saturated", saturated);
        lat.put("saturation_reason", !res.completed() ? "stopped at the deadline after " + res.sent() + " of "
                + res.planned() + " commands" : saturated ? "achieved " + Math.round(100 * res.achievedRate() / res.rate())
                + "% of requested rate" : null);
        lat.put("completed", res.sent());
        lat.put("errors", 0);
        lat.put("corrected", corrected);
        lat.put("uncorrected", service);
        Map<String, Object> spectrum = new LinkedHashMap<>();
        spectrum.put("corrected", HistogramViews.spectrum(res.latency(), SPECTRUM_POINTS));
        spectrum.put("uncorrected", HistogramViews.spectrum(res.service(), SPECTRUM_POINTS));
        lat.put("spectrum", spectrum);
        lat.put("intervals", intervals(res.intervals()));
        lat.put("buckets", HistogramViews.buckets(res.latency(), BUCKET_UPPER_NS, BUCKET_LABELS, ">= 1 s",
                res.latency().getMaxValue() + 1));
        return lat;
    }

    private static Map<String, Object> orderbook(ScenarioResult r, LatencyBenchmark.Result res, String jvm) {
        Map<String, Object> ob = new LinkedHashMap<>();
        ob.put("kind", "latency");
        ob.put("impl", r.executor());
        ob.put("timing", res.timing().label());
        ob.put("jvm", jvm);
        ob.put("rate", res.rate());
        ob.put("sent_per_s", res.achievedRate());
        return ob;
    }

    private static List<Map<String, Object>> intervals(List<LatencyBenchmark.Interval> intervals) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (LatencyBenchmark.Interval iv : intervals) {
            Map<String, Object> m = new LinkedHashMap<>();
            boolean any = iv.count() > 0;
            m.put("t_s", Math.round(iv.endSeconds() * 1000) / 1000.0);
            m.put("warmup", false);
            m.put("phase", "measure");
            m.put("count", iv.count());
            m.put("throughput_ops_s", iv.throughput());
            m.put("p50_ns", any ? iv.p50Ns() : null);
            m.put("p90_ns", any ? iv.p90Ns() : null);
            m.put("p99_ns", any ? iv.p99Ns() : null);
            m.put("max_ns", any ? iv.maxNs() : null);
            out.add(m);
        }
        return out;
    }
}
