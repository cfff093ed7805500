package org.fiberbench.cli.orderbook;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.fiberbench.cli.Converters;
import org.fiberbench.cli.GateFlags;
import org.fiberbench.gate.Target;
import org.fiberbench.orderbook.BookKind;
import org.fiberbench.orderbook.CommandCodec;
import org.fiberbench.orderbook.CommandLog;
import org.fiberbench.orderbook.bench.Fork;
import org.fiberbench.orderbook.bench.Forked;
import org.fiberbench.orderbook.bench.ThroughputBenchmark;
import org.fiberbench.result.ScenarioResult;
import org.fiberbench.spec.SpecException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code orderbook throughput}: seed 002's table of commands, seconds and commands/s, per impl and JVM options. */
@Command(name = "throughput", mixinStandardHelpOptions = true,
        description = {"Replay N commands (round the file again when N exceeds it) after a JVM warm-up and report "
                + "commands/s. Each impl and each --jvm-args set runs in a fresh JVM."})
final class ThroughputCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--input", required = true, paramLabel = "FILE", description = "command file")
    Path input;

    @Option(names = "--counts", split = ",", paramLabel = "N", defaultValue = "250000,500000,750000,1000000",
            description = "commands per measurement (default ${DEFAULT-VALUE})")
    long[] counts;

    @Option(names = "--impl", paramLabel = "IMPL", description = "naive or fast; repeat or comma-separate (default both)")
    List<String> impls = new ArrayList<>();

    @Option(names = "--jvm-args", paramLabel = "ARGS", description = "JVM options of one fork, e.g. \"-Xmx1g -XX:+UseZGC\"; repeat for more forks")
    List<String> jvmArgs = new ArrayList<>();

    @Option(names = "--jfr", description = "record each fork with Flight Recorder and summarise it")
    boolean jfr;

    @Option(names = "--timeout", paramLabel = "D", defaultValue = "30m", converter = Converters.PositiveDurationConverter.class,
            description = "a fork still running after this is killed (default ${DEFAULT-VALUE})")
    Duration timeout;

    @Option(names = "--out", paramLabel = "DIR", description = "run directory (default results/<timestamp>-orderbook-throughput)")
    Path out;

    @Option(names = "--force", description = "with --out: write into DIR even when it already holds a run, replacing its results")
    boolean force;

    @Mixin
    GateFlags gate = new GateFlags();

    /** Whether a fork failed: the command then exits with 1, as {@code run} does. */
    private boolean failed;

    /** The width of the JVM options column: the longest set, at least 24. */
    private String jvmColumn = "%-24s";

    /** Per group (commands × JVM options), the first scenario: the baseline the others are compared with. */
    private final Map<String, ScenarioResult> baselines = new HashMap<>();
    /** Commands/s per JVM option set, count and impl, for the side-by-side table. */
    private final Map<String, Map<Long, Map<BookKind, Double>>> rates = new LinkedHashMap<>();

    @Override
    public Integer call() throws Exception {
        return Exits.run(spec, this::measure);
    }

    private int measure() {
        List<BookKind> kinds = Runs.impls(impls);
        List<List<String>> sets = Runs.jvmArgSets(jvmArgs);
        jvmColumn = Runs.jvmColumn(sets);
        for (long c : counts) {
            if (c < 1) {
                throw new SpecException("--counts value " + c + " must be >= 1");
            }
        }
        CommandLog log = CommandCodec.read(input); // fail fast on a malformed file, before any fork
        if (log.size() == 0) {
            throw new SpecException("input file " + input + " holds no commands");
        }
        gate.check(targets(kinds, sets));
        PrintWriter o = spec.commandLine().getOut();
        OrderbookRun run = OrderbookRun.create(out, force, "orderbook-throughput", Runs.commandLine(spec), o, gate);
        int code;
        try {
            code = forks(run, o, kinds, sets);
        } finally {
            run.finish(); // also when a fork or the JVM failed: the finished rows and the report are kept
        }
        return gate.exit(code);
    }

    /** The rows {@link #forks} will record (one per impl, count and JVM option set), checked before any fork starts. */
    private List<Target> targets(List<BookKind> kinds, List<List<String>> sets) {
        List<Target> out = new ArrayList<>();
        for (List<String> set : sets) {
            for (BookKind kind : kinds) {
                for (long c : counts) {
                    out.add(new Target(kind.label(), "orderbook:input=" + input.getFileName(), "replay:commands=" + c,
                            Target.Shape.RATE, kind == kinds.get(0)));
                }
            }
        }
        return out;
    }

    /** Every impl × JVM option set, each in its own fork; 130 when interrupted. */
    private int forks(OrderbookRun run, PrintWriter o, List<BookKind> kinds, List<List<String>> sets) {
        o.printf("%-6s " + jvmColumn + " %12s %10s %14s %8s %5s %16s%n", "impl", "jvm-args", "commands", "seconds", "commands/s",
                "repeats", "cpu%", "commands/cpu-s");
        o.flush();
        boolean interrupted = false;
        for (int i = 0; i < sets.size() && !interrupted; i++) {
            for (BookKind kind : kinds) {
                interrupted = one(run, o, kind, sets.get(i), "fork-" + kind.label() + "-" + (i + 1));
                if (interrupted) {
                    break;
                }
            }
        }
        if (kinds.size() > 1 && !interrupted) {
            sideBySide(o, kinds);
        }
        return interrupted ? 130 : failed ? 1 : 0;
    }

    /** One fork; returns true when it was interrupted. */
    private boolean one(OrderbookRun run, PrintWriter o, BookKind kind, List<String> set, String fork) {
        List<String> args = new ArrayList<>(set);
        Path jfrFile = jfr ? run.directory().scenarioFile(fork, ".jfr") : null;
        if (jfr) {
            args.addAll(Forked.flightRecorderArgs(jfrFile));
        }
        long started = System.nanoTime();
        try {
            List<ThroughputBenchmark.Row> rows = Forked.throughput(input, kind, counts, args, timeout);
            for (ThroughputBenchmark.Row row : rows) {
                ScenarioResult r = record(run, kind, set, fork, row);
                if (jfrFile != null && row == rows.get(rows.size() - 1)) {
                    run.attachJfr(r, fork, jfrFile);
                }
                r.durationSeconds((System.nanoTime() - started) / 1e9);
                run.add(r);
                o.printf("%-6s " + jvmColumn + " %12d %10.3f %14.0f %8d %5.0f %16.0f%n", kind.label(), Runs.label(set), row.commands(),
                        row.seconds(), row.commandsPerSecond(), row.repeats(), 100 * row.cpuSeconds() / row.seconds(),
                        row.commands() / row.cpuSeconds());
            }
            o.flush();
            return run.isClosed();
        } catch (Fork.ForkException e) {
            if (run.isClosed()) {
                return true;
            }
            ScenarioResult r = scenario(run, kind, set, Arrays.stream(counts).max().orElse(0), "jvm=" + Runs.label(set), fork);
            failed = true;
            r.termination(e.interrupted() ? "interrupted" : "failure").failure(e.getMessage());
            run.add(r);
            o.printf("%-6s " + jvmColumn + "     %s%n", kind.label(), Runs.label(set), e.interrupted() ? "INTERRUPTED" : "FAILED: " + e.getMessage());
            o.flush();
            return e.interrupted();
        }
    }

    private ScenarioResult record(OrderbookRun run, BookKind kind, List<String> set, String fork, ThroughputBenchmark.Row row) {
        String group = "commands=" + row.commands() + " jvm=" + Runs.label(set);
        ScenarioResult r = scenario(run, kind, set, row.commands(), group, fork);
        r.metric("throughput_ops_s", row.commandsPerSecond()).metric("commands", row.commands())
                .metric("elapsed_s", row.seconds()).metric("repeats", row.repeats()).metric("cpu_s", row.cpuSeconds())
                .metric("throughput_per_cpu_s", row.commands() / row.cpuSeconds())
                .iterations(row.repeatRates());
        if (row.repeats() > 1) {
            // the report's score and ratios are means over the repeats, with their interval; the table keeps the median
            r.metric("score", Arrays.stream(row.repeatRates()).average().orElseThrow()).metric("score_unit", "ops/s");
        }
        Map<String, Object> ob = new LinkedHashMap<>();
        ob.put("kind", "throughput");
        ob.put("impl", kind.label());
        ob.put("jvm", Runs.label(set));
        ob.put("commands", row.commands());
        ob.put("seconds", row.seconds());
        ob.put("commands_per_s", row.commandsPerSecond());
        ob.put("repeats", row.repeats());
        r.section("orderbook", ob);
        ScenarioResult base = baselines.putIfAbsent(group, r);
        if (base != null) {
            r.baseline(base.id()).metric("vs_baseline", row.commandsPerSecond() / ((Number) base.metricValue("throughput_ops_s")).doubleValue());
        }
        rates.computeIfAbsent(Runs.label(set), k -> new LinkedHashMap<>()).computeIfAbsent(row.commands(), k -> new LinkedHashMap<>())
                .put(kind, row.commandsPerSecond());
        double cpuShare = row.cpuSeconds() / row.seconds();
        if (cpuShare < 0.9) {
            r.metric("warning", String.format("the replaying thread ran only %.0f%% of the time: a busy machine",
                    100 * cpuShare));
        }
        return r;
    }

    /** The seed's table with the impls side by side: commands/s of each, and how many times the last beats the first. */
    private void sideBySide(PrintWriter o, List<BookKind> kinds) {
        BookKind first = kinds.get(0);
        BookKind last = kinds.get(kinds.size() - 1);
        o.printf("%n" + jvmColumn + " %12s", "jvm-args", "commands");
        kinds.forEach(k -> o.printf(" %16s", k.label() + " cmd/s"));
        o.printf(" %12s%n", last.label() + "/" + first.label());
        rates.forEach((jvm, byCount) -> byCount.forEach((count, byKind) -> {
            o.printf(jvmColumn + " %12d", jvm, count);
            kinds.forEach(k -> o.printf(" %16s", byKind.containsKey(k) ? String.format("%.0f", byKind.get(k)) : "-"));
            boolean both = byKind.containsKey(first) && byKind.containsKey(last);
            o.printf(" %12s%n", both ? String.format("%.1f×", byKind.get(last) / byKind.get(first)) : "-");
        }));
        o.flush();
    }

    private ScenarioResult scenario(OrderbookRun run, BookKind kind, List<String> set, long commands, String group, String fork) {
        String id = run.directory().nextScenarioId(kind.label() + " " + commands + " " + Runs.label(set));
        return new ScenarioResult(id, kind.label(), "orderbook:input=" + input.getFileName(), "replay:commands=" + commands)
                .group(group).jvmArgs(set).config("fork", fork).config("warmup_commands", "min(100000, file) x 5");
    }
}
