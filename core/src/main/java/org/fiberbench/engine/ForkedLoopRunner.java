package org.fiberbench.engine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.fiberbench.load.LoopLoad;
import org.fiberbench.loop.LoopFork;
import org.fiberbench.loop.LoopRequest;
import org.fiberbench.loop.LoopResult;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.result.ScenarioResult;
import org.fiberbench.secret.SecretChannel;
import org.fiberbench.secret.WorkloadSecrets;
import org.fiberbench.stats.Precision;

/**
 * Runs a closed or open scenario in a fresh JVM ({@link LoopFork}), bounded in time: the duration,
 * the drain, and {@link #GRACE} for the JVM to start and stop; a fork that overruns is killed and
 * the scenario fails. The fork's output goes to {@code scenarios/<id>-fork.log}.
 */
final class ForkedLoopRunner implements ScenarioRunner {
    /** Time for a fork to start, set the workload up and exit, beyond the load's own duration and drain. */
    static final Duration GRACE = Duration.ofSeconds(60);
    /** What a loop fork takes beyond its window and drain, for the budget of precision on demand: JVM start, setup. */
    static final Duration STARTUP = Duration.ofSeconds(2);
    private final RunContext context;

    ForkedLoopRunner(RunContext context) {
        this.context = context;
    }

    @Override
    public ScenarioResult run(Scenario s, String id, RunDirectory run) throws Exception {
        Path result = run.scenarioFile(id, "-loop.json");
        Path log = run.scenarioFile(id, "-fork.log");
        Precision precision = context.precision();
        Duration window = window(s, precision);
        LoopRequest req = new LoopRequest(s.executor().canonical(), s.workload().canonical(), withDuration(s, window),
                Defaults.LOOP_DRAIN.toMillis(), Defaults.LOOP_SEED,
                str(run.scenarioFile(id, ".hgrm")), str(run.scenarioFile(id, "-service.hgrm")),
                str(run.scenarioFile(id, ".hlog")), str(run.scenarioFile(id, "-service.hlog")), str(result), 0, 0);
        if (precision != null) {
            req = req.withPrecision(precision.targetPct(), load(s).duration().toMillis());
        }
        ScenarioResult r = new ScenarioResult(id, s.executor().canonical(), s.workload().canonical(), s.load().canonical())
                .group(s.group()).jvmArgs(s.settings().jvmArgs())
                .config("runner", "loop").config("duration_s", load(s).duration().toMillis() / 1000.0)
                .config("warmup_s", load(s).warmup().toMillis() / 1000.0)
                .config("drain_s", Defaults.LOOP_DRAIN.toMillis() / 1000.0).config("seed", Defaults.LOOP_SEED)
                .file("fork_log", rel(log));
        Files.deleteIfExists(result);
        try (SecretChannel secrets = WorkloadSecrets.serve(s.workload().spec())) {
            List<String> cmd = command(s, req);
            cmd.addAll(1, Observation.forkJvmArgs(context.observe(), run, id, Observation.observationFile(run, id)));
            cmd.addAll(1, WorkloadSecrets.jvmArgs(secrets));
            String failure = await(new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start(),
                    window, log, result);
            if (failure != null) {
                return r.failure(failure);
            }
        }
        LoopResult done = LoopResult.read(result);
        fill(r, id, run, done);
        if (precision != null) {
            r.config("precision", precision.section(done.iterationValues(), stop(precision, done)));
        }
        Observation.collect(r, run, id);
        return r;
    }

    /** Waits for the fork within its bound; null when it succeeded, else why it failed. Never leaves it running. */
    private static String await(Process p, Duration window, Path log, Path result) throws InterruptedException {
        try {
            long bound = window.plus(Defaults.LOOP_DRAIN).plus(GRACE).toMillis();
            if (!p.waitFor(bound, TimeUnit.MILLISECONDS)) {
                return "the loop fork overran " + bound / 1000 + " s and was killed";
            }
            if (p.exitValue() != 0 || !Files.exists(result)) {
                return lastLine(log, "the loop fork exited with status " + p.exitValue());
            }
            return null;
        } finally {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
    }

    /**
     * The fork's window: the load's duration, or with precision on demand the budget less {@link
     * #STARTUP} and the drain (the fork ends it early once the rule holds), never shorter than the load's.
     */
    static Duration window(Scenario s, Precision precision) {
        Duration own = load(s).duration();
        if (precision == null) {
            return own;
        }
        Duration room = precision.budget().minus(STARTUP).minus(Defaults.LOOP_DRAIN);
        return room.compareTo(own) > 0 ? room.withNanos(0) : own;
    }

    /** The load's canonical spec with its window set to {@code window}: the fork reads its end from it. */
    static String withDuration(Scenario s, Duration window) {
        String c = s.load().canonical();
        return window.equals(load(s).duration()) ? c
                : c.replaceFirst(",duration=[^,]+", ",duration=" + org.fiberbench.spec.Numbers.formatDuration(window));
    }

    /**
     * Why the fork's window ended: the fork ends it early only when the rule holds; else its budget did,
     * unless the open run was saturated: then its p99 climbs with the backlog and no budget would narrow it.
     */
    static Precision.Stop stop(Precision precision, LoopResult done) {
        double[] values = done.iterationValues();
        Precision.Stop s = precision.decide(values, Duration.ZERO, Duration.ZERO);
        if (s == Precision.Stop.PRECISION) {
            return s;
        }
        if (done.open() && done.latency().saturated()) {
            return Precision.Stop.SATURATED;
        }
        return values.length >= Precision.MAX_ITERATIONS ? Precision.Stop.ITERATION_CAP : Precision.Stop.TIME_BUDGET;
    }

    /** Only loop loads reach this runner ({@link ScenarioRunners}). */
    private static LoopLoad load(Scenario s) {
        return (LoopLoad) s.load();
    }

    static List<String> command(Scenario s, LoopRequest req) {
        List<String> cmd = Defaults.javaCommand(s.jdk());
        cmd.addAll(s.settings().jvmArgs());
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(LoopFork.class.getName());
        cmd.add(LoopFork.encode(req));
        return cmd;
    }

    private static ScenarioResult fill(ScenarioResult r, String id, RunDirectory run, LoopResult result) {
        result.metrics().forEach(r::metric);
        r.iterations(result.iterationValues());
        r.section("latency", result.latency().section());
        r.section("workers", result.workers().toMap());
        if (result.workers().imbalance() != null) {
            r.metric("imbalance", result.workers().imbalance()); // as for batch scenarios: in the table's notes too
        }
        for (String[] f : new String[][] {{"hgrm", ".hgrm"}, {"hgrm_service", "-service.hgrm"}, {"hlog", ".hlog"},
            {"hlog_service", "-service.hlog"}, {"loop_summary", "-loop.json"}}) {
            r.file(f[0], rel(run.scenarioFile(id, f[1])));
        }
        return r;
    }

    private static String str(Path p) {
        return p.toAbsolutePath().toString();
    }

    private static String rel(Path p) {
        return "scenarios/" + p.getFileName();
    }

    /** The fork's last non-blank output line: its one-line reason. */
    static String lastLine(Path log, String fallback) {
        return org.fiberbench.fork.ForkLog.lastLine(log, fallback).replaceFirst("^fiberbench loop fork: ", "");
    }
}
