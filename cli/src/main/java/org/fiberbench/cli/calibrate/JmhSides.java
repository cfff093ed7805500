package org.fiberbench.cli.calibrate;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.fiberbench.engine.Defaults;
import org.fiberbench.engine.Scenario;
import org.fiberbench.engine.ScenarioHooks;
import org.fiberbench.engine.Settings;
import org.fiberbench.engine.jmh.JmhLockWait;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.load.LoadSpec;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.result.ScenarioResult;
import org.fiberbench.workload.WorkloadSpec;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The two sides measured for real: the reference through JMH's {@link Runner} (a fork of its own,
 * the pair's settings, nothing of fiberbench's in it but the JVM options every fork gets), the
 * scenario through the runner {@code fiberbench run} uses, with {@code run}'s default observation —
 * the table of record. Each side's JMH log goes to the run directory; each fiberbench side is a
 * scenario of the run, so results.json holds it as {@code run} would.
 */
final class JmhSides implements Calibration.Sides {
    private final RunDirectory run;
    private final Function<Pair, Settings> settings;
    private final Services services;

    /** Both sides of every pair measured with {@code settings} (a {@link Scale}'s, or a test's tiny ones); no server. */
    JmhSides(RunDirectory run, Function<Pair, Settings> settings) {
        this(run, settings, Services.NONE);
    }

    /** As above, the pairs that need a database or an HTTP server given those of {@code services}. */
    JmhSides(RunDirectory run, Function<Pair, Settings> settings, Services services) {
        this.run = run;
        this.settings = settings;
        this.services = services;
    }

    @Override
    public double[] reference(Pair p) throws Exception {
        Settings st = settings.apply(p);
        List<String> jvm = new ArrayList<>(Defaults.FORK_JVM_ARGS);
        jvm.addAll(st.jvmArgs());
        jvm.addAll(services.referenceJvmArgs(p));
        ChainedOptionsBuilder b = new OptionsBuilder()
                .include("^" + Pattern.quote(p.benchmark()) + "$")
                .forks(1).warmupIterations(st.warmupIterations())
                .warmupTime(TimeValue.milliseconds(st.warmupTime().toMillis()))
                .measurementIterations(st.iterations()).measurementTime(TimeValue.milliseconds(st.time().toMillis()))
                .threads(st.threads()).mode(Mode.AverageTime).timeUnit(TimeUnit.MILLISECONDS)
                .jvmArgsAppend(jvm.toArray(String[]::new)).shouldFailOnError(true).shouldDoGC(true);
        for (Map.Entry<String, String> e : p.params().entrySet()) {
            b = b.param(e.getKey(), e.getValue());
        }
        String id = run.nextScenarioId("reference " + p.name());
        try (OutputStream file = new FileOutputStream(run.scenarioFile(id, "-jmh.log").toFile());
             PrintStream out = new PrintStream(file, true, StandardCharsets.UTF_8)) {
            Runner runner = new Runner(b.build(), OutputFormatFactory.createFormatInstance(out, VerboseMode.NORMAL));
            Collection<RunResult> results = JmhLockWait.run(runner::run, System.err, new long[1]);
            if (results.isEmpty()) {
                throw new IOException("JMH returned no result; see scenarios/" + id + "-jmh.log");
            }
            return values(results.iterator().next());
        }
    }

    @Override
    public double[] fiberbench(Pair p) throws Exception {
        Scenario s = new Scenario(ExecutorSpec.parse(p.executor()), WorkloadSpec.parse(p.workload()),
                LoadSpec.parse(p.load()), settings.apply(p), "calibrate " + p.name());
        String id = run.nextScenarioId(s.label());
        ScenarioResult r = ScenarioHooks.run(s, id, run, services.context());
        run.add(r);
        if (!r.termination().equals("normal")) {
            throw new IOException(r.termination() + ": " + r.failureReason());
        }
        return r.iterationValues();
    }

    private static double[] values(RunResult rr) {
        List<Double> raw = new ArrayList<>();
        for (BenchmarkResult br : rr.getBenchmarkResults()) {
            for (IterationResult ir : br.getIterationResults()) {
                raw.add(ir.getPrimaryResult().getScore());
            }
        }
        return raw.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
