package org.fiberbench.engine.jmh;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.fiberbench.engine.Defaults;
import org.fiberbench.engine.Observation;
import org.fiberbench.stats.Precision;
import org.fiberbench.engine.RunContext;
import org.fiberbench.engine.RunTempDir;
import org.fiberbench.engine.Scenario;
import org.fiberbench.engine.ScenarioRunner;
import org.fiberbench.engine.Settings;
import org.fiberbench.fork.JavaCommand;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.result.ScenarioResult;
import org.fiberbench.secret.SecretChannel;
import org.fiberbench.secret.WorkloadSecrets;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.openjdk.jmh.util.Statistics;

/**
 * Runs a batch scenario through JMH's {@link Runner}: one JMH fork per scenario (or as many as
 * {@code --forks}), JMH's warm-up and measurement iterations, JMH's 99.9% confidence interval.
 * JMH's own log goes to {@code scenarios/<id>-jmh.log}, and to stderr too when the run is
 * {@link RunContext#verbose()}.
 */
public final class JmhBatchRunner implements ScenarioRunner {
    private static final Pattern EXCEPTION_LINE =
            Pattern.compile("^(?:Caused by: )?[\\w.$]+(?:Exception|Error)(?::.*)?$");
    private final RunContext context;

    public JmhBatchRunner(RunContext context) {
        this.context = context;
    }

    @Override
    public ScenarioResult run(Scenario s, String id, RunDirectory run) throws IOException {
        Settings st = s.settings();
        Path log = run.scenarioFile(id, "-jmh.log");
        ScenarioResult r = header(s, id, log);
        Path workers = run.scenarioFile(id, "-workers.json");
        Precision precision = context.precision();
        List<RunResult> forks = new ArrayList<>();
        long[] lockWait = {0};
        long start = System.nanoTime();
        Precision.Stop stop = null;
        Duration drawn = Duration.ZERO;
        while (stop == null) {
            long t = System.nanoTime();
            int n = forks.isEmpty() ? st.forks() : 1; // more forks of the same benchmark, each with its own warm-up
            Collection<RunResult> results;
            try {
                results = runJmh(s, id, run, log, workers, n, !forks.isEmpty(), lockWait);
            } catch (RunnerException e) {
                return r.failure(failureReason(log, e));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return r.termination("interrupted");
            }
            if (results.isEmpty()) {
                return r.failure(failureReason(log, null));
            }
            forks.add(results.iterator().next());
            if (precision == null) {
                break;
            }
            // time spent waiting for another run's JMH lock is not this scenario's measuring: not charged to its budget
            Duration step = Duration.ofNanos((System.nanoTime() - t) / n);
            stop = precision.decide(values(pooled(forks)), Duration.ofNanos(System.nanoTime() - start - lockWait[0]), step);
            if (stop == Precision.Stop.TIME_BUDGET && precision.draw(step)) {
                stop = null; // still short of the target: the run's reserve pays for one more fork
                drawn = drawn.plus(step);
            }
        }
        finish(r, s, forks, lockWait[0], stop, drawn);
        Observation.collect(r, run, id);
        WorkerBalance.record(r, workers);
        return r;
    }

    private static ScenarioResult header(Scenario s, String id, Path log) {
        Settings st = s.settings();
        return new ScenarioResult(id, s.executor().canonical(), s.workload().canonical(), s.load().canonical())
                .group(s.group()).jvmArgs(st.jvmArgs())
                .config("runner", "jmh").config("mode", st.mode()).config("forks", st.forks())
                .config("warmup_iterations", st.warmupIterations())
                .config("warmup_time_s", st.warmupTime().toMillis() / 1000.0)
                .config("iterations", st.iterations()).config("time_s", st.time().toMillis() / 1000.0)
                .config("threads", st.threads()).config("sync_iterations", st.syncIterations())
                .config("gc", st.gc()).config("batch_timeout_s", st.timeout().toSeconds())
                .file("jmh_log", "scenarios/" + log.getFileName());
    }

    /** Scores, iterations and JMH rows of every fork pooled; with precision on demand, how it ended. */
    private void finish(ScenarioResult r, Scenario s, List<RunResult> forks, long lockWaitNanos, Precision.Stop stop,
                        Duration drawn) {
        if (lockWaitNanos > 0) {
            r.config("jmh_lock_wait_s", Math.round(lockWaitNanos / 1e7) / 100.0);
        }
        RunResult all = pooled(forks);
        record(r, all, s);
        if (context.precision() != null) {
            r.config("forks", forks.size() - 1 + s.settings().forks());
            r.config("precision", context.precision().section(values(all), stop, drawn));
        }
        r.jmhRows(JmhJson.rows(List.of(all)));
    }

    /** One JMH run of {@code forks} forks; its log appended to the scenario's after the first. */
    private Collection<RunResult> runJmh(Scenario s, String id, RunDirectory run, Path log, Path workers, int forks,
                                         boolean append, long[] lockWait) throws IOException, RunnerException, InterruptedException {
        try (SecretChannel secrets = WorkloadSecrets.serve(s.workload().spec());
             OutputStream file = new FileOutputStream(log.toFile(), append);
             PrintStream out = new PrintStream(tee(file), true, StandardCharsets.UTF_8)) {
            List<String> extra = new ArrayList<>(WorkerBalance.jvmArgs(workers));
            extra.addAll(WorkloadSecrets.jvmArgs(secrets));
            Options base = new OptionsBuilder().parent(options(s, extra).build()).forks(forks).build();
            Runner runner = new Runner(withObservation(base, id, run),
                    OutputFormatFactory.createFormatInstance(out, VerboseMode.NORMAL));
            long[] waited = {0};
            try {
                return JmhLockWait.run(runner::run, System.err, waited);
            } finally {
                lockWait[0] += waited[0]; // summed over the forks of precision on demand
            }
        }
    }

    /**
     * The forks' results as one: JMH aggregates a benchmark's iterations across its forks, so score,
     * error and results-jmh.json pool every measured iteration (the row's {@code forks} is the first run's).
     */
    static RunResult pooled(List<RunResult> forks) {
        if (forks.size() == 1) {
            return forks.get(0);
        }
        List<BenchmarkResult> all = new ArrayList<>();
        forks.forEach(f -> all.addAll(f.getBenchmarkResults()));
        return new RunResult(forks.get(0).getParams(), all);
    }

    /** Every measured iteration's score, fork after fork. */
    static double[] values(RunResult rr) {
        List<Double> raw = new ArrayList<>();
        for (BenchmarkResult br : rr.getBenchmarkResults()) {
            for (IterationResult ir : br.getIterationResults()) {
                raw.add(ir.getPrimaryResult().getScore());
            }
        }
        return raw.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** {@code base} with {@link ObservingProfiler} added and the observation's JVM options appended to base's. */
    private Options withObservation(Options base, String id, RunDirectory run) {
        List<String> jvm = new ArrayList<>(base.getJvmArgsAppend().orElse(List.of()));
        jvm.addAll(Observation.forkJvmArgs(context.observe(), run, id));
        return new OptionsBuilder().parent(base).addProfiler(ObservingProfiler.class)
                .jvmArgsAppend(jvm.toArray(String[]::new)).build();
    }

    private OutputStream tee(OutputStream file) {
        if (!context.verbose()) {
            return file;
        }
        return new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                file.write(b);
                System.err.write(b);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                file.write(b, off, len);
                System.err.write(b, off, len);
            }
        };
    }

    static ChainedOptionsBuilder options(Scenario s) {
        return options(s, List.of());
    }

    static ChainedOptionsBuilder options(Scenario s, List<String> extraJvmArgs) {
        Settings st = s.settings();
        List<String> jvm = new ArrayList<>(s.jdk() == null ? Defaults.FORK_JVM_ARGS : JavaCommand.jvmArgs(s.jdk().feature()));
        jvm.add(RunTempDir.forkArg());
        jvm.addAll(extraJvmArgs);
        jvm.add("-D" + BatchBenchmark.TIMEOUT_PROPERTY + "=" + st.timeout().toMillis());
        jvm.addAll(st.jvmArgs());
        boolean avgt = st.mode().equals("avgt");
        ChainedOptionsBuilder b = new OptionsBuilder();
        if (s.jdk() != null) {
            // JMH forks with this JVM's java and options unless told: the scenario's JDK, with this JVM's
            // options as that JDK takes them
            b = b.jvm(s.jdk().java().toString()).jvmArgs(JavaCommand.inheritedArgs(
                    ManagementFactory.getRuntimeMXBean().getInputArguments(), s.jdk().feature()).toArray(String[]::new));
        }
        return b
                .include("^" + Pattern.quote(BatchBenchmark.class.getName()) + "\\.batch$")
                .param("executor", s.executor().canonical())
                .param("workload", s.workload().canonical())
                .param("load", s.load().canonical())
                .forks(st.forks())
                .warmupIterations(st.warmupIterations())
                .warmupTime(TimeValue.milliseconds(st.warmupTime().toMillis()))
                .measurementIterations(st.iterations())
                .measurementTime(TimeValue.milliseconds(st.time().toMillis()))
                .threads(st.threads())
                .syncIterations(st.syncIterations())
                .mode(avgt ? Mode.AverageTime : Mode.Throughput)
                .timeUnit(avgt ? TimeUnit.MILLISECONDS : TimeUnit.SECONDS)
                .timeout(TimeValue.milliseconds(st.timeout().toMillis() + 60_000))
                .jvmArgsAppend(jvm.toArray(String[]::new))
                .shouldFailOnError(true)
                .shouldDoGC(st.gc());
    }

    private static void record(ScenarioResult r, RunResult rr, Scenario s) {
        var primary = rr.getPrimaryResult();
        Statistics stats = primary.getStatistics();
        double score = primary.getScore();
        double error = primary.getScoreError();
        String unit = primary.getScoreUnit();
        r.metric("score", score).metric("score_error", Double.isNaN(error) ? null : error).metric("score_unit", unit);
        double[] ci = stats.getN() > 1 ? stats.getConfidenceIntervalAt(0.999) : new double[] {Double.NaN, Double.NaN};
        r.metric("score_ci_low", Double.isNaN(ci[0]) ? null : ci[0]).metric("score_ci_high", Double.isNaN(ci[1]) ? null : ci[1]);
        r.metric(unit.startsWith("ms") ? "score_ms_per_op" : "throughput_ops_s", score);
        long tasks = ((org.fiberbench.load.BatchLoad) s.load()).tasks();
        r.metric("tasks_per_op", tasks).metric("samples", stats.getN());
        if (unit.startsWith("ms")) {
            r.metric("ms_per_task", score / tasks);
        } else {
            r.metric("tasks_per_s", score * tasks);
        }
        r.iterations(values(rr));
    }

    /** The benchmark's own exception message from JMH's log: the first exception line after {@code <failure>}. */
    static String failureReason(Path log, Exception e) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            boolean inFailure = false;
            for (String line : lines) {
                if (line.contains("<failure>")) {
                    inFailure = true;
                } else if (inFailure && EXCEPTION_LINE.matcher(line.trim()).matches()) {
                    return line.trim();
                }
            }
            for (String line : lines) {
                if (line.contains("<forked VM failed") || line.contains("ERROR")) {
                    return line.trim();
                }
            }
        } catch (IOException io) {
            // fall through to the runner's own message
        }
        return e != null ? String.valueOf(e.getMessage()) : "JMH returned no result";
    }
}
