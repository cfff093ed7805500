package org.fiberbench.cli.orderbook;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.HdrHistogram.Histogram;
import org.fiberbench.cli.GateFlags;
import org.fiberbench.gate.Target;
import org.fiberbench.orderbook.BookKind;
import org.fiberbench.orderbook.CommandCodec;
import org.fiberbench.orderbook.CommandLog;
import org.fiberbench.orderbook.bench.Fork;
import org.fiberbench.orderbook.bench.Forked;
import org.fiberbench.orderbook.bench.LatencyBenchmark;
import org.fiberbench.orderbook.bench.Timing;
import org.fiberbench.result.ScenarioResult;
import org.fiberbench.spec.SpecException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
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

    @Option(names = "--impl", paramLabel = "IMPL",
        description = "naive, fast or empty (the loop's own floor on this machine); repeat or comma-separate (default naive and fast)")
    List<String> impls = new ArrayList<>();

    @Option(names = "--floor", description = "also run the empty book (the loop's own floor) before the impls of each "
            + "timing and JVM options, and print each impl's p50/p99/p99.9 beside it")
    boolean floor;

    @Option(names = "--jvm-args", paramLabel = "ARGS", description = "JVM options of one fork, e.g. \"-Xmx1g -Xmn750m\"; repeat for more")
    List<String> jvmArgs = new ArrayList<>();

    @Option(names = "--jfr", description = "record each fork with Flight Recorder and summarise it")
    boolean jfr;

    @Option(names = "--grow", description = "start the measured fast book with its default room and let its arrays and id index "
            + "grow inside the measured window (by default a dry run before the window finds the most orders the run will hold "
            + "at once, and the book is made with room for them)")
    boolean grow;

    @Option(names = "--out", paramLabel = "DIR", description = "run directory (default results/<timestamp>-orderbook-latency)")
    Path out;

    @Option(names = "--force", description = "with --out: write into DIR even when it already holds a run, replacing its results")
    boolean force;

    @Mixin
    GateFlags gate = new GateFlags();

    /** Whether a fork failed: the command then exits with 1, as {@code run} does. */
    private boolean failed;

    /** The width of the JVM options column: the longest set, at least 24. */
    private String jvmColumn = "%-24s";

    /** Per group, the id of its first scenario: the baseline the others are compared with. */
    private final Map<String, String> baselineIds = new HashMap<>();
    /** p99 in µs per JVM option set and "impl timing" column, for the GC experiment table. */
    private final Map<String, Map<String, Double>> p99ByJvm = new LinkedHashMap<>();
    /** The empty book's run per "timing jvm" and the impls' beside it, for the floor table. */
    private final Map<String, LatencyBenchmark.Result> floors = new LinkedHashMap<>();
    private final List<String> besideFloor = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        return Exits.run(spec, this::measure);
    }

    private List<Timing> timings() {
        return timing.equals("all") ? List.of(Timing.values()) : List.of(Timing.parse(timing));
    }

    private int measure() {
        if (rate < 1 || rate > 10_000_000) {
            throw new SpecException("--rate " + rate + " must be in 1..10000000");
        }
        if (seconds < 1 || seconds > 3600) {
            throw new SpecException("--seconds " + seconds + " must be in 1..3600");
        }
        List<Timing> ts = timings();
        List<BookKind> kinds = floorFirst(Runs.implsWithFloor(impls));
        List<List<String>> sets = Runs.jvmArgSets(jvmArgs);
        jvmColumn = Runs.jvmColumn(sets);
        CommandLog log = CommandCodec.read(input); // fail fast on a malformed file, before any fork
        if (log.size() == 0) {
            throw new SpecException("input file " + input + " holds no commands");
        }
        gate.check(targets(ts, kinds, sets));
        PrintWriter o = spec.commandLine().getOut();
        OrderbookRun run = OrderbookRun.create(out, force, "orderbook-latency", Runs.commandLine(spec), o, gate);
        int code;
        try {
            code = forks(run, o, ts, kinds, sets);
        } finally {
            run.finish(); // also when a fork or the JVM failed: the finished rows and the report are kept
        }
        return gate.exit(code);
    }

    /** With {@code --floor} or {@code --impl empty}: the empty book first, so it is each group's baseline. */
    private List<BookKind> floorFirst(List<BookKind> kinds) {
        if (!floor && !kinds.contains(BookKind.EMPTY)) {
            return kinds;
        }
        List<BookKind> out = new ArrayList<>(List.of(BookKind.EMPTY));
        kinds.stream().filter(k -> k != BookKind.EMPTY).forEach(out::add);
        return out;
    }

    /** The scenarios {@link #forks} will run, for the thresholds to be checked against before any fork starts. */
    private List<Target> targets(List<Timing> ts, List<BookKind> kinds, List<List<String>> sets) {
        List<Target> out = new ArrayList<>();
        for (List<String> set : sets) {
            for (BookKind kind : kinds) {
                for (Timing t : ts) {
                    out.add(new Target(kind.label(), workload(), load(t), Target.Shape.OPEN, kind == kinds.get(0)));
                }
            }
        }
        return out;
    }

    private String workload() {
        return "orderbook:input=" + input.getFileName();
    }

    private String load(Timing t) {
        return "open:rate=" + rate + ",duration=" + seconds + "s,timing=" + t.label();
    }

    /** Every JVM option set × timing × impl (the floor first), each in its own fork; 130 when interrupted. */
    private int forks(OrderbookRun run, PrintWriter o, List<Timing> ts, List<BookKind> kinds, List<List<String>> sets) {
        o.printf("%-6s %-8s " + jvmColumn + " %12s %12s %12s %12s %10s %5s%n", "impl", "timing", "jvm-args", "p50 µs", "p99 µs",
                "p99.9 µs", "max µs", "sent/s", "cpu%");
        o.flush();
        for (List<String> set : sets) {
            for (Timing t : ts) {
                for (BookKind kind : kinds) {
                    if (one(run, o, kind, t, set)) {
                        return 130;
                    }
                }
            }
        }
        if (sets.size() > 1) {
            gcTable(o);
        }
        if (!besideFloor.isEmpty()) {
            o.printf("%nBeside the floor (the empty book, same timing and JVM options), µs: book | floor%n");
            besideFloor.forEach(o::println);
            o.flush();
        }
        return failed ? 1 : 0;
    }

    /** One fork; returns true when it was interrupted. */
    private boolean one(OrderbookRun run, PrintWriter o, BookKind kind, Timing t, List<String> set) {
        String id = run.directory().nextScenarioId(kind.label() + " " + t.label() + " " + Runs.label(set));
        ScenarioResult r = new ScenarioResult(id, kind.label(), workload(), load(t))
                .group("timing=" + t.label() + " jvm=" + Runs.label(set)).jvmArgs(set)
                .config("rate", rate).config("seconds", seconds).config("timing", t.label());
        String first = baselineIds.putIfAbsent(r.group(), id);
        if (first != null) {
            r.baseline(first);
        }
        List<String> args = new ArrayList<>(set);
        Path jfrFile = jfr ? run.directory().scenarioFile(id, ".jfr") : null;
        if (jfr) {
            args.addAll(Forked.flightRecorderArgs(jfrFile));
        }
        long started = System.nanoTime();
        try {
            LatencyBenchmark.Result res = Forked.latency(input, kind, t, rate, seconds, !grow, args);
            String place = t.label() + " " + Runs.label(set);
            LatencyBenchmark.Result floorRes = kind == BookKind.EMPTY ? null : floors.get(place);
            if (kind == BookKind.EMPTY) {
                floors.put(place, res);
            }
            LatencyResults.record(run.directory(), r, res, Runs.label(set), floorRes);
            if (floorRes != null) {
                besideFloor.add(LatencyResults.besideFloor(kind.label(), t.label(), String.format(jvmColumn, Runs.label(set)), res, floorRes));
            }
            if (jfrFile != null) {
                run.attachJfr(r, id, jfrFile);
            }
            r.durationSeconds((System.nanoTime() - started) / 1e9);
            run.add(r);
            print(o, kind, t, set, res);
            p99ByJvm.computeIfAbsent(Runs.label(set), k -> new LinkedHashMap<>())
                    .put(kind.label() + "/" + t.label(), res.latency().getValueAtPercentile(99) / 1e3);
            return run.isClosed();
        } catch (Fork.ForkException e) {
            if (run.isClosed()) {
                return true;
            }
            failed = true;
            r.termination(e.interrupted() ? "interrupted" : "failure").failure(e.getMessage());
            run.add(r);
            o.printf("%-6s %-8s " + jvmColumn + " %s%n", kind.label(), t.label(), Runs.label(set),
                    e.interrupted() ? "INTERRUPTED" : "FAILED: " + e.getMessage());
            o.flush();
            return e.interrupted();
        }
    }

    private void print(PrintWriter o, BookKind kind, Timing t, List<String> set, LatencyBenchmark.Result res) {
        Histogram h = res.latency();
        o.printf("%-6s %-8s " + jvmColumn + " %12.1f %12.1f %12.1f %12.1f %10.0f %5.0f%s%n", kind.label(), t.label(),
                Runs.label(set), h.getValueAtPercentile(50) / 1e3, h.getValueAtPercentile(99) / 1e3,
                h.getValueAtPercentile(99.9) / 1e3, h.getMaxValue() / 1e3, res.achievedRate(),
                100 * res.cpuSeconds() / res.elapsedSeconds(),
                !res.completed() ? "  STOPPED: rate not achieved, sent " + res.sent() + " of " + res.planned()
                        : LatencyResults.saturated(res) ? "  (rate not achieved)" : "");
        o.flush();
    }

    /** The seed's GC experiment table: p99 per JVM option set (rows) and impl × timing (columns). */
    private void gcTable(PrintWriter o) {
        List<String> columns = p99ByJvm.values().stream().flatMap(m -> m.keySet().stream()).distinct().toList();
        String first = "%-" + p99ByJvm.keySet().stream().mapToInt(String::length).max().orElse(8) + "s";
        o.printf("%np99 µs by JVM options%n" + first, "jvm-args");
        columns.forEach(c -> o.printf(" %16s", c));
        o.println();
        p99ByJvm.forEach((jvm, byColumn) -> {
            o.printf(first, jvm);
            columns.forEach(c -> o.printf(" %16s", byColumn.containsKey(c) ? String.format("%.1f", byColumn.get(c)) : "-"));
            o.println();
        });
        o.flush();
    }
}
