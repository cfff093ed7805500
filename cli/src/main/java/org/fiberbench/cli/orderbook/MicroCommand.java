package org.fiberbench.cli.orderbook;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.fiberbench.cli.Converters;
import org.fiberbench.engine.Defaults;
import org.fiberbench.engine.jmh.JmhJson;
import org.fiberbench.engine.jmh.JmhLockWait;
import org.fiberbench.orderbook.jmh.MicroBenchmarks;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.result.ScenarioResult;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.util.Statistics;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code orderbook micro}: the JMH cancel and add benchmarks of both books, with allocation per operation. */
@Command(name = "micro", mixinStandardHelpOptions = true,
        description = {"JMH: cancel first / last / nonexistent × enqueued orders, add-resting, add-matching, for both "
                + "impls, with the gc profiler's bytes per operation. A quick run: --warmup 1 --warmup-time 200ms "
                + "--iterations 2 --time 200ms (under a minute)."})
final class MicroCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--forks", defaultValue = "1", paramLabel = "N", description = "JMH forks per benchmark (default ${DEFAULT-VALUE})")
    int forks;

    @Option(names = "--warmup", defaultValue = "2", paramLabel = "N", description = "warm-up iterations (default ${DEFAULT-VALUE})")
    int warmup;

    @Option(names = "--warmup-time", defaultValue = "1s", paramLabel = "D", converter = Converters.DurationConverter.class,
            description = "time of each warm-up iteration (default ${DEFAULT-VALUE})")
    Duration warmupTime;

    @Option(names = "--iterations", defaultValue = "3", paramLabel = "N", description = "measurement iterations (default ${DEFAULT-VALUE})")
    int iterations;

    @Option(names = "--time", defaultValue = "1s", paramLabel = "D", converter = Converters.PositiveDurationConverter.class,
            description = "time of each measurement iteration (default ${DEFAULT-VALUE})")
    Duration time;

    @Option(names = "--impl", paramLabel = "IMPL", description = "naive or fast; repeat or comma-separate (default both)")
    List<String> impls = new ArrayList<>();

    @Option(names = "--enqueued", split = ",", paramLabel = "N", description = "enqueued order counts (default 1,10,50,100,1000)")
    List<Integer> enqueued = new ArrayList<>();

    @Option(names = "--jvm-args", paramLabel = "ARGS", description = "extra JVM options for the JMH forks")
    List<String> jvmArgs = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR", description = "run directory (default results/<timestamp>-orderbook-micro)")
    Path out;

    @Option(names = "--force", description = "with --out: write into DIR even when it already holds a run, replacing its results")
    boolean force;

    @Override
    public Integer call() throws Exception {
        return Exits.run(spec, this::measure);
    }

    private int measure() throws Exception {
        List<String> jvm = new ArrayList<>(Defaults.FORK_JVM_ARGS);
        Runs.jvmArgSets(jvmArgs).forEach(jvm::addAll);
        List<String> implNames = impls.isEmpty() ? List.of()
                : Runs.impls(impls).stream().map(k -> k.label()).toList();
        // validated before the run directory exists: bad input writes nothing
        MicroBenchmarks.Options options = new MicroBenchmarks.Options(forks, warmup, warmupTime, iterations, time,
                implNames, enqueued, jvm, null);
        PrintWriter o = spec.commandLine().getOut();
        OrderbookRun run = OrderbookRun.create(out, force, "orderbook-micro", Runs.commandLine(spec), o);
        Path jmhLog = run.directory().dir().resolve("jmh.log");
        o.println("running JMH; its output goes to " + jmhLog);
        o.printf("%-24s %-6s %9s %16s %12s %12s%n", "benchmark", "impl", "enqueued", "ops/s", "± error", "B/op");
        o.flush();
        try {
            // JMH refuses to start while another JMH run holds its lock: wait for it, as run's batches do
            JmhLockWait.run(() -> {
                MicroBenchmarks.run(options.withLog(jmhLog), br -> {
                    if (!run.isClosed()) { // after Ctrl-C the run is closed: a benchmark ending meanwhile is not reported
                        run.add(record(run.directory(), br, options, o));
                    }
                });
                return List.of();
            }, System.err, new long[1]);
        } catch (RunnerException e) {
            run.directory().warn("JMH stopped: " + e.getMessage());
            throw new IllegalStateException("JMH stopped: " + e.getMessage() + " (its log: " + jmhLog + ")", e);
        } finally {
            run.finish(); // also when JMH failed: the finished rows and the report are kept
        }
        return 0;
    }

    private static ScenarioResult record(RunDirectory run, BenchmarkResult br, MicroBenchmarks.Options options, PrintWriter o) {
        var params = br.getParams();
        String bench = params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.') + 1);
        String impl = params.getParam("impl");
        String depth = params.getParam("enqueuedOrderCount") != null ? params.getParam("enqueuedOrderCount")
                : params.getParam("depth");
        String id = run.nextScenarioId(bench + " " + impl + " " + depth);
        Result<?> primary = br.getPrimaryResult();
        Statistics st = primary.getStatistics();
        Double alloc = allocPerOp(br);
        ScenarioResult r = new ScenarioResult(id, impl, "orderbook:" + bench + ",enqueued=" + depth, "jmh:thrpt")
                .group(bench + " enqueued=" + depth)
                .config("mode", "thrpt").config("forks", options.forks()).config("warmup_iterations", options.warmupIterations())
                .config("warmup_time_s", options.warmupTime().toMillis() / 1e3).config("iterations", options.iterations())
                .config("time_s", options.time().toMillis() / 1e3)
                .metric("score", primary.getScore()).metric("score_unit", primary.getScoreUnit())
                .metric("throughput_ops_s", primary.getScore()).metric("samples", st.getN())
                .metric("alloc_bytes_per_op", alloc);
        double error = primary.getScoreError();
        if (st.getN() > 1 && !Double.isNaN(error)) {
            double[] ci = st.getConfidenceIntervalAt(0.999);
            r.metric("score_error", error).metric("score_ci_low", ci[0]).metric("score_ci_high", ci[1]);
        }
        double[] raw = br.getIterationResults().stream().mapToDouble(ir -> ir.getPrimaryResult().getScore()).toArray();
        r.iterations(raw).section("orderbook", section(impl, bench, depth, primary.getScore(), error, alloc));
        // results-jmh.json: JMH's own format of this benchmark's result (all forks' iterations)
        r.jmhRows(JmhJson.rows(List.of(new RunResult(params, List.of(br)))));
        o.printf("%-24s %-6s %9s %16.0f %12s %12s%n", bench, impl, depth, primary.getScore(),
                Double.isNaN(error) ? "" : String.format("%.0f", error), alloc == null ? "" : String.format("%.2f", alloc));
        o.flush();
        return r;
    }

    private static Map<String, Object> section(String impl, String bench, String depth, double score, double error, Double alloc) {
        Map<String, Object> ob = new LinkedHashMap<>();
        ob.put("kind", "micro");
        ob.put("impl", impl);
        ob.put("benchmark", bench);
        ob.put("enqueued", Integer.parseInt(depth));
        ob.put("ops_s", score);
        ob.put("error", Double.isNaN(error) ? null : error);
        ob.put("alloc_b_per_op", alloc);
        return ob;
    }

    /** The gc profiler's normalised allocation rate: bytes per benchmark operation. */
    private static Double allocPerOp(BenchmarkResult br) {
        for (Map.Entry<String, Result> e : br.getSecondaryResults().entrySet()) {
            if (e.getKey().endsWith("gc.alloc.rate.norm")) {
                return e.getValue().getScore();
            }
        }
        return null;
    }
}
