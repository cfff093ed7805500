package org.fiberbench.result.merge;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;
import org.fiberbench.http.Buckets;
import org.fiberbench.measure.LatencyReport;
import org.fiberbench.measure.LatencyReportBuilder;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.result.ScenarioResult;
import org.fiberbench.spec.SpecException;

/**
 * Load runs of one scenario started together ({@code load --start-at}) on several machines, added:
 * the k-th one-second interval of every generator covers the same wall-clock second, so the merged
 * k-th interval is their HdrHistogram sum, and the merged totals (the measured, not warm-up,
 * intervals of every generator) hold every request's latency. Percentiles come from those sums,
 * never from averaging the generators' percentiles; throughput and counts are summed.
 */
final class LoadMerge {
    private static final String WARMUP = "warmup";

    private LoadMerge() {
    }

    /** One generator's run: its scenario and its interval logs, corrected and service time. */
    private record Generator(Part part, Map<String, Object> scenario, List<Histogram> corrected, List<Histogram> service) {
        @SuppressWarnings("unchecked")
        Map<String, Object> metrics() {
            return (Map<String, Object>) scenario.get("metrics");
        }

        Map<String, Object> latency() {
            return part.map(scenario, "latency");
        }

        @SuppressWarnings("unchecked")
        List<Map<String, Object>> intervals() {
            Object l = latency().get("intervals");
            return l instanceof List<?> list ? (List<Map<String, Object>>) list : List.of();
        }

        double metric(String key) {
            Object v = metrics().get(key);
            return v instanceof Number n ? n.doubleValue() : 0;
        }
    }

    /** Only runs of one scenario (the same workload and load) add up. */
    private static void sameScenario(List<Generator> gens) {
        Generator first = gens.get(0);
        for (Generator g : gens) {
            for (String key : List.of("workload", "load")) {
                if (!String.valueOf(first.scenario().get(key)).equals(String.valueOf(g.scenario().get(key)))) {
                    throw new SpecException("cannot merge load runs of different scenarios: " + first.part().name() + " ran "
                            + key + " " + first.scenario().get(key) + ", " + g.part().name() + " ran " + g.scenario().get(key));
                }
            }
        }
    }

    /** Every generator's k-th intervals summed, for every k, and the measured intervals' totals. */
    private record Sums(List<Histogram> corrected, List<Histogram> service, List<LatencyReport.Interval> intervals,
                        Histogram totalC, Histogram totalS) {
    }

    static Merge.Joined join(List<Part> parts) {
        List<Generator> gens = new ArrayList<>();
        for (Part p : parts) {
            gens.add(generator(p));
        }
        sameScenario(gens);
        Merge.same(parts, "start_at", "start times (load --start-at)");
        Sums sums = sums(gens);
        ScenarioResult r = result(gens, sums.totalC(), sums.totalS(), sums.intervals());
        List<String> warnings = new ArrayList<>();
        if (gens.stream().anyMatch(g -> !"normal".equals(g.scenario().get("termination")))) {
            r.termination("interrupted");
            warnings.add("a generator's run did not end normally: the merged run holds what every generator recorded");
        }
        Map<String, Object> head = new LinkedHashMap<>();
        head.put("start_at", gens.get(0).part().text("start_at"));
        head.put("merged", section(gens));
        return new Merge.Joined("load", head, List.of(r), warnings, run -> writeFiles(run, r, sums));
    }

    private static Sums sums(List<Generator> gens) {
        int n = gens.stream().mapToInt(g -> g.corrected().size()).max().orElse(0);
        Sums sums = new Sums(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new Histogram(3), new Histogram(3));
        for (int k = 0; k < n; k++) {
            Histogram c = sum(gens, k, true);
            Histogram s = sum(gens, k, false);
            sums.corrected().add(c);
            sums.service().add(s);
            if (!WARMUP.equals(c.getTag())) {
                sums.totalC().add(c);
                sums.totalS().add(s);
            }
            sums.intervals().add(interval(gens, k, c, s));
        }
        return sums;
    }

    /** The merged scenario's interval logs and its percentile distribution. */
    private static void writeFiles(RunDirectory run, ScenarioResult r, Sums sums) throws IOException {
        writeLog(run.scenarioFile(r.id(), ".hlog"), sums.corrected(), "response time from the intended start, ns");
        writeLog(run.scenarioFile(r.id(), "-service.hlog"), sums.service(), "service time from the actual send, ns");
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (PrintStream ps = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            sums.totalC().outputPercentileDistribution(ps, 1e6);
        }
        RunDirectory.writeAtomically(run.scenarioFile(r.id(), ".hgrm"), bytes.toByteArray());
    }

    private static Generator generator(Part p) {
        if (p.scenarios().size() != 1) {
            throw new SpecException(p.name() + " holds " + p.scenarios().size() + " scenarios; accepted: load runs of one scenario");
        }
        Map<String, Object> s = p.scenarios().get(0);
        Map<String, Object> files = p.map(s, "files");
        if (files.get("hlog") == null || files.get("hlog_service") == null) {
            throw new SpecException(p.name() + " has no interval logs (.hlog and -service.hlog); accepted: runs of this "
                    + "fiberbench's 'load', which writes both");
        }
        return new Generator(p, s, read(p.dir().resolve(String.valueOf(files.get("hlog")))),
                read(p.dir().resolve(String.valueOf(files.get("hlog_service")))));
    }

    private static List<Histogram> read(Path hlog) {
        List<Histogram> out = new ArrayList<>();
        try {
            HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
            try {
                for (EncodableHistogram h; (h = reader.nextIntervalHistogram()) != null; ) {
                    if (h instanceof Histogram hh) {
                        out.add(hh);
                    }
                }
            } finally {
                reader.close();
            }
        } catch (FileNotFoundException e) {
            throw new SpecException("cannot read " + hlog + ": not found");
        } catch (RuntimeException e) {
            throw new SpecException("cannot read " + hlog + " as an HdrHistogram interval log: " + e.getMessage());
        }
        return out;
    }

    /** The k-th interval of every generator that has one, added; the span covers all of them. */
    private static Histogram sum(List<Generator> gens, int k, boolean corrected) {
        Histogram out = new Histogram(3);
        long start = Long.MAX_VALUE;
        long end = 0;
        boolean warmup = true;
        for (Generator g : gens) {
            List<Histogram> log = corrected ? g.corrected() : g.service();
            if (k < log.size()) {
                Histogram h = log.get(k);
                out.add(h);
                start = Math.min(start, h.getStartTimeStamp());
                end = Math.max(end, h.getEndTimeStamp());
                warmup &= WARMUP.equals(h.getTag());
            }
        }
        out.setStartTimeStamp(start);
        out.setEndTimeStamp(end);
        out.setTag(warmup ? WARMUP : null);
        return out;
    }

    private static LatencyReport.Interval interval(List<Generator> gens, int k, Histogram c, Histogram s) {
        long errors = 0;
        double rate = 0;
        int users = 0;
        Boolean drain = null;
        double t = k + 1;
        for (Generator g : gens) {
            if (k < g.intervals().size()) {
                Map<String, Object> iv = g.intervals().get(k);
                errors += iv.get("errors") instanceof Number e ? e.longValue() : 0;
                rate += iv.get("throughput_ops_s") instanceof Number x ? x.doubleValue() : 0;
                users += iv.get("active_users") instanceof Number u ? u.intValue() : 0;
                drain = Boolean.TRUE.equals(iv.get("drain")) ? Boolean.TRUE : drain;
                t = iv.get("t_s") instanceof Number x ? x.doubleValue() : t;
            }
        }
        return new LatencyReport.Interval(t, WARMUP.equals(c.getTag()), null, drain, c.getTotalCount(), errors, rate, users,
                null, LatencyReport.Interval.at(c, 50), LatencyReport.Interval.at(c, 90), LatencyReport.Interval.at(c, 99),
                LatencyReport.Interval.max(c), null, LatencyReport.Interval.at(s, 99));
    }

    private static ScenarioResult result(List<Generator> gens, Histogram c, Histogram s, List<LatencyReport.Interval> ivs) {
        Generator first = gens.get(0);
        Map<String, Object> latency = first.latency();
        double throughput = gens.stream().mapToDouble(g -> g.metric("throughput_ops_s")).sum();
        long completed = (long) gens.stream().mapToDouble(g -> g.metric("completed")).sum();
        long errors = (long) gens.stream().mapToDouble(g -> g.metric("errors")).sum();
        Map<String, Long> byClass = new TreeMap<>();
        for (Generator g : gens) {
            g.part().map(g.latency(), "errors_by_class").forEach((k, v) -> byClass.merge(k, ((Number) v).longValue(), Long::sum));
        }
        boolean open = "open".equals(latency.get("model"));
        double rate = gens.stream().mapToDouble(g -> g.metric("requested_rate_ops_s")).sum();
        int users = gens.stream().mapToInt(g -> g.latency().get("users") instanceof Number u ? u.intValue() : 0).sum();
        LatencyReportBuilder b = open ? LatencyReport.open(String.valueOf(latency.get("timing")), rate) : LatencyReport.closed(users);
        Object bounds = first.part().map(first.scenario(), "config").get("buckets");
        List<LatencyReport.Bucket> buckets = new ArrayList<>(
                (bounds == null ? Buckets.DEFAULT : Buckets.parse(String.valueOf(bounds))).ranges(c));
        buckets.add(new LatencyReport.Bucket("errors", null, errors));
        LatencyReport report = b.histograms(c, s).achievedRate(throughput).counts(completed, errors, byClass)
                .intervals(ivs).buckets(buckets).build();
        ScenarioResult r = new ScenarioResult(String.valueOf(first.scenario().get("id")), String.valueOf(first.scenario().get("executor")),
                String.valueOf(first.scenario().get("workload")), String.valueOf(first.scenario().get("load")));
        first.part().map(first.scenario(), "config").forEach(r::config);
        r.config("generators", gens.size());
        r.metric("throughput_ops_s", throughput);
        if (open) {
            r.metric("requested_rate_ops_s", rate);
        }
        r.metric("completed", completed).metric("errors", errors)
                .metric("requests_sent", (long) gens.stream().mapToDouble(g -> g.metric("requests_sent")).sum());
        report.percentileMetrics().forEach(r::metric);
        r.section("latency", report.section());
        r.durationSeconds(gens.stream().mapToDouble(g -> g.scenario().get("duration_s") instanceof Number d ? d.doubleValue() : 0).max().orElse(0));
        r.file("hgrm", "scenarios/" + r.id() + ".hgrm").file("hlog", "scenarios/" + r.id() + ".hlog")
                .file("hlog_service", "scenarios/" + r.id() + "-service.hlog");
        return r;
    }

    private static Map<String, Object> section(List<Generator> gens) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kind", "load");
        List<Map<String, Object>> list = new ArrayList<>();
        for (Generator g : gens) {
            Map<String, Object> s = g.part().summary();
            s.put("throughput_ops_s", g.metrics().get("throughput_ops_s"));
            s.put("completed", g.metrics().get("completed"));
            s.put("latency_p99_ns", g.metrics().get("latency_p99_ns"));
            list.add(s);
        }
        m.put("parts", list);
        return m;
    }

    private static void writeLog(Path file, List<Histogram> intervals, String what) throws IOException {
        long base = intervals.stream().mapToLong(Histogram::getStartTimeStamp).min().orElse(0);
        try (PrintStream out = new PrintStream(file.toFile(), StandardCharsets.UTF_8)) {
            HistogramLogWriter w = new HistogramLogWriter(out);
            w.outputComment("fiberbench merge: " + what + ", the generators' intervals added; warm-up tagged '" + WARMUP + "'");
            w.outputLogFormatVersion();
            w.setBaseTime(base);
            w.outputStartTime(base);
            w.outputBaseTime(base);
            w.outputLegend();
            intervals.forEach(w::outputIntervalHistogram);
        }
    }
}
