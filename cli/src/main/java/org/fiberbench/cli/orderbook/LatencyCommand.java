package org.fiberbench.cli.orderbook;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.HdrHistogram.Histogram;
import org.fiberbench.orderbook.BookKind;
import org.fiberbench.orderbook.CommandCodec;
import org.fiberbench.orderbook.CommandLog;
import org.fiberbench.orderbook.bench.Fork;
import org.fiberbench.orderbook.bench.Forked;
import org.fiberbench.orderbook.bench.LatencyBenchmark;
import org.fiberbench.orderbook.bench.Timing;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.result.ScenarioResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code orderbook latency}: seed 002's three latency benchmarks side by side, per impl and JVM options. */
@Command(name = "latency", mixinStandardHelpOptions = true,
        description = {"Send commands at a fixed rate (open loop) and record each one's latency in ns: naive = service "
                + "time only, batch = from the start of its 1-second batch, uniform = from its own evenly spaced "
                + "intended time. Each impl × timing × --jvm-args set runs in a fresh JVM."})
final class LatencyCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--input", required = true, paramLabel = "FILE", description = "command file")
    Path input;

    @Option(names = "--rate", defaultValue = "45000", paramLabel = "R", description = "commands per second (default ${DEFAULT-VALUE})")
    int rate;

    @Option(names = "--seconds", defaultValue = "10", paramLabel = "S", description = "seconds of sending (default ${DEFAULT-VALUE})")
    int seconds;

    @Option(names = "--timing", defaultValue = "all", paramLabel = "T", description = "naive, batch, uniform or all (default ${DEFAULT-VALUE})")
    String timing;

    @Option(names = "--impl", paramLabel = "IMPL", description = "naive or fast; repeat or comma-separate (default both)")
    List<String> impls = new ArrayList<>();

    @Option(names = "--jvm-args", paramLabel = "ARGS", description = "JVM options of one fork, e.g. \"-Xmx1g -Xmn750m\"; repeat for more")
    List<String> jvmArgs = new ArrayList<>();

    @Option(names = "--jfr", description = "record each fork with Flight Recorder and summarise it")
    boolean jfr;

    @Option(names = "--out", paramLabel = "DIR", description = "run directory (default results/<timestamp>-orderbook-latency)")
    Path out;

    /** Per group, the id of its first scenario: the baseline the others are compared with. */
    private final Map<String, String> baselineIds = new java.util.HashMap<>();

    @Override
    public Integer call() throws Exception {
        return Exits.run(spec, this::measure);
    }

    private List<Timing> timings() {
        return timing.equals("all") ? List.of(Timing.values()) : List.of(Timing.parse(timing));
    }

    private int measure() {
        if (rate < 1 || rate > 10_000_000) {
            throw new IllegalArgumentException("--rate " + rate + " must be in 1..10000000");
        }
        if (seconds < 1 || seconds > 3600) {
            throw new IllegalArgumentException("--seconds " + seconds + " must be in 1..3600");
        }
        List<Timing> ts = timings();
        List<BookKind> kinds = Runs.impls(impls);
        List<List<String>> sets = Runs.jvmArgSets(jvmArgs);
        CommandLog log = CommandCodec.read(input); // fail fast on a malformed file, before any fork
        if (log.size() == 0) {
            throw new IllegalArgumentException("input file " + input + " holds no commands");
        }
        RunDirectory run = RunDirectory.create(out, "orderbook-latency", "adhoc",
                Runs.commandLine("latency", spec.commandLine().getParseResult().originalArgs().toArray(String[]::new)));
        PrintWriter o = spec.commandLine().getOut();
        o.printf("%-6s %-8s %-24s %12s %12s %12s %12s %10s %5s%n", "impl", "timing", "jvm-args", "p50 µs", "p99 µs",
                "p99.9 µs", "max µs", "sent/s", "cpu%");
        o.flush();
        for (List<String> set : sets) {
            for (BookKind kind : kinds) {
                for (Timing t : ts) {
                    if (one(run, o, kind, t, set)) {
                        Runs.finish(run, o);
                        return 130;
                    }
                }
            }
        }
        Runs.finish(run, o);
        return 0;
    }

    /** One fork; returns true when it was interrupted. */
    private boolean one(RunDirectory run, PrintWriter o, BookKind kind, Timing t, List<String> set) {
        String id = run.nextScenarioId(kind.label() + " " + t.label() + " " + Runs.label(set));
        ScenarioResult r = new ScenarioResult(id, kind.label(), "orderbook:input=" + input.getFileName(),
                "open:rate=" + rate + ",duration=" + seconds + "s,timing=" + t.label())
                .group("timing=" + t.label() + " jvm=" + Runs.label(set)).jvmArgs(set)
                .config("rate", rate).config("seconds", seconds).config("timing", t.label());
        String first = baselineIds.putIfAbsent(r.group(), id);
        if (first != null) {
            r.baseline(first);
        }
        List<String> args = new ArrayList<>(set);
        Path jfrFile = jfr ? run.scenarioFile(id, ".jfr") : null;
        if (jfr) {
            args.addAll(Forked.flightRecorderArgs(jfrFile));
        }
        long started = System.nanoTime();
        try {
            LatencyBenchmark.Result res = Forked.latency(input, kind, t, rate, seconds, args);
            record(run, r, id, res);
            if (jfrFile != null) {
                Runs.attachJfr(run, r, id, jfrFile, o);
            }
            r.durationSeconds((System.nanoTime() - started) / 1e9);
            run.add(r);
            Histogram h = res.latency();
            o.printf("%-6s %-8s %-24s %12.1f %12.1f %12.1f %12.1f %10.0f %5.0f%s%n", kind.label(), t.label(),
                    Runs.label(set), h.getValueAtPercentile(50) / 1e3, h.getValueAtPercentile(99) / 1e3,
                    h.getValueAtPercentile(99.9) / 1e3, h.getMaxValue() / 1e3, res.achievedRate(),
                    100 * res.cpuSeconds() / res.elapsedSeconds(),
                    !res.completed() ? "  STOPPED: rate not achieved, sent " + res.sent() + " of " + res.planned()
                            : res.achievedRate() < 0.95 * rate ? "  (rate not achieved)" : "");
            o.flush();
            return false;
        } catch (Fork.ForkException e) {
            r.termination(e.interrupted() ? "interrupted" : "failure").failure(e.getMessage());
            run.add(r);
            o.printf("%-6s %-8s %-24s %s%n", kind.label(), t.label(), Runs.label(set),
                    e.interrupted() ? "INTERRUPTED" : "FAILED: " + e.getMessage());
            o.flush();
            return e.interrupted();
        }
    }

    private void record(RunDirectory run, ScenarioResult r, String id, LatencyBenchmark.Result res) {
        Map<String, Object> corrected = Runs.percentiles(res.latency());
        Map<String, Object> service = Runs.percentiles(res.service());
        corrected.forEach((k, v) -> r.metric("latency_" + k, v));
        service.forEach((k, v) -> r.metric("service_" + k, v));
        r.metric("throughput_ops_s", res.achievedRate()).metric("requested_rate_ops_s", rate)
                .metric("completed", res.sent()).metric("errors", 0);
        Map<String, Object> lat = new LinkedHashMap<>();
        lat.put("model", "open");
        lat.put("timing", res.timing().label());
        lat.put("requested_rate_ops_s", rate);
        lat.put("achieved_rate_ops_s", res.achievedRate());
        boolean saturated = !res.completed() || res.achievedRate() < 0.95 * rate;
        lat.put("saturated", saturated);
        lat.put("saturation_reason", !res.completed() ? "stopped at the deadline after " + res.sent() + " of "
                + res.planned() + " commands" : saturated ? "achieved " + Math.round(100 * res.achievedRate() / rate)
                + "% of requested rate" : null);
        lat.put("completed", res.sent());
        lat.put("errors", 0);
        lat.put("corrected", corrected);
        lat.put("uncorrected", service);
        r.section("latency", lat);
        r.file("hgrm", Runs.writeHgrm(run, id, ".hgrm", res.latency()));
        r.file("hgrm_service", Runs.writeHgrm(run, id, "-service.hgrm", res.service()));
        double cpuShare = res.cpuSeconds() / res.elapsedSeconds();
        r.metric("cpu_s", res.cpuSeconds());
        if (!res.completed()) {
            r.metric("warning", "rate not achieved: sent " + res.sent() + " of " + res.planned());
        } else if (cpuShare < 0.9) {
            r.metric("warning", String.format("the sending thread ran only %.0f%% of the time: a busy machine; "
                    + "the tail shows the OS scheduler", 100 * cpuShare));
        }
    }
}
