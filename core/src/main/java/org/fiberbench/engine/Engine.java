package org.fiberbench.engine;

import java.io.PrintStream;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fiberbench.measure.Stats;
import org.fiberbench.result.Environment;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.result.ScenarioResult;

/**
 * Runs a plan scenario by scenario, each in a fresh JVM, writing results as they come; the
 * {@link RunContext} says how (observation, hooks), for this run only. Ctrl-C
 * (SIGINT) or SIGTERM: the scenario under way is recorded as {@code interrupted}, the finished
 * ones stay, {@code afterRun} still runs (the report), every child process is ended, and the JVM
 * exits 130 either way.
 */
public final class Engine {
    private static final long QUIET_SAMPLE_MS = 200;
    private final Plan plan;
    private final RunDirectory run;
    private final PrintStream progress;
    private final Runnable afterRun;
    private final RunContext context;
    private final JdkSection.OptionChecks jdkOptions = new JdkSection.OptionChecks();
    private volatile Scenario current;
    private volatile String currentId;
    private volatile boolean done;
    private RunListener listener = new RunListener() { };

    public Engine(Plan plan, RunDirectory run, RunContext context, PrintStream progress, Runnable afterRun) {
        this.plan = plan;
        this.run = run;
        this.context = context;
        this.progress = progress;
        this.afterRun = afterRun;
    }

    /** Sets who is told of each result (and may skip scenarios); call before {@link #run}. */
    public Engine listener(RunListener l) {
        this.listener = l;
        return this;
    }

    /**
     * Runs every scenario; returns 0 when all ended normally, 1 when any failed or results.json
     * could not be kept up to date (a full disk), 130 when stopped by Ctrl-C or SIGTERM.
     */
    public int run() {
        Thread hook = new Thread(this::interrupted, "fiberbench-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        try (StopSignals.Handle term = StopSignals.termAsInterrupt()) {
            int failures = runAll();
            synchronized (this) {
                current = null;
                if (done) {
                    return StopSignals.INTERRUPTED;
                }
                done = true;
            }
            run.finish();
            afterRun.run();
            return failures > 0 || run.unsaved() != null ? 1 : 0;
        } finally {
            synchronized (this) {
                done = true; // leaving by an exception is no interruption: the hook must not report one
            }
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // already shutting down
            }
        }
    }

    /** The scenarios one after the other; returns how many did not end normally. */
    private int runAll() {
        List<Scenario> scenarios = plan.scenarios();
        long t0 = System.nanoTime();
        Duration estimated = scenarios.stream().map(s -> s.settings().estimate()).reduce(Duration.ZERO, Duration::plus);
        Duration estimatedDone = Duration.ZERO;
        Map<String, ScenarioResult> baselines = new LinkedHashMap<>();
        Map<String, ScenarioResult> firstJdk = new LinkedHashMap<>();
        int failures = 0;
        for (int i = 0; i < scenarios.size(); i++) {
            Scenario s = scenarios.get(i);
            if (listener.skip(s)) {
                continue;
            }
            String label = s.executor().canonical() + " " + s.workload().canonical() + " " + s.load().canonical()
                    + (s.jdk() == null ? "" : " jdk " + s.jdk().label());
            // a shard's ids are the whole plan's, so merged shards read as the unsharded run
            String id = plan.sharding() == null ? run.nextScenarioId(label) : run.scenarioId(plan.number(i), label);
            current = s;
            currentId = id;
            progress.println(Progress.line(i + 1, scenarios.size(), s.label(), System.nanoTime() - t0, estimatedDone, estimated));
            ScenarioResult r = runOne(s, id);
            compareToBaseline(r, baselines);
            JdkSection.compareAcrossJdks(r, firstJdk);
            listener.finished(s, r);
            if (!r.termination().equals("normal")) {
                failures++;
                progress.println("    failed: " + r.failureReason());
            }
            synchronized (this) {
                if (done) {
                    break;
                }
                run.add(r);
            }
            estimatedDone = estimatedDone.plus(s.settings().estimate());
        }
        return failures;
    }

    private ScenarioResult runOne(Scenario s, String id) {
        long st = System.nanoTime();
        ScenarioResult r;
        String rejected = jdkOptions.rejection(s);
        try {
            r = rejected != null ? new ScenarioResult(id, s.executor().canonical(), s.workload().canonical(),
                    s.load().canonical()).group(s.group()).jvmArgs(s.settings().jvmArgs()).failure(rejected)
                    : ScenarioHooks.run(s, id, run, context);
        } catch (Exception e) {
            r = new ScenarioResult(id, s.executor().canonical(), s.workload().canonical(), s.load().canonical())
                    .group(s.group()).failure("harness error: " + e);
        }
        JdkSection.fill(r, s.jdk());
        r.durationSeconds((System.nanoTime() - st) / 1e9);
        checkQuiet(r);
        return r;
    }

    /**
     * Between scenarios no fork of ours runs, so CPU use seen then, less fiberbench's own, is other
     * work on the machine: it competed with the scenario that just ended, and makes its numbers suspect.
     */
    private void checkQuiet(ScenarioResult r) {
        double busy = Environment.othersBusyPct(QUIET_SAMPLE_MS);
        if (Double.isNaN(busy)) {
            return;
        }
        r.config("machine_busy_after_pct", Math.round(busy * 10) / 10.0);
        if (busy > Environment.BUSY_PCT) {
            run.warn(String.format(java.util.Locale.ROOT, "other processes used the CPU during the run (%.0f%% of the"
                    + " machine between scenarios); scores may be low and noisy", busy));
        }
    }

    /**
     * The first scenario of a group is its baseline; the others get a ratio to it. Public for
     * {@code merge}, which applies it to shards joined in plan order.
     */
    public static void compareToBaseline(ScenarioResult r, Map<String, ScenarioResult> baselines) {
        ScenarioResult base = baselines.get(r.group());
        if (base == null) {
            if (r.termination().equals("normal")) {
                baselines.put(r.group(), r);
            }
            return;
        }
        r.baseline(base.id());
        double[] a = base.iterationValues();
        double[] b = r.iterationValues();
        if (a.length > 0 && b.length > 0) {
            r.ratio(Stats.ratio(a, b));
        }
    }

    private void interrupted() {
        synchronized (this) {
            if (done) {
                return;
            }
            done = true;
            Scenario s = current;
            if (s != null) {
                run.add(new ScenarioResult(currentId, s.executor().canonical(), s.workload().canonical(), s.load().canonical())
                        .group(s.group()).termination("interrupted"));
            }
        }
        endDescendants();
        run.warn("the run was interrupted; finished scenarios are kept");
        run.finish();
        afterRun.run();
        progress.println("interrupted: results kept in " + run.dir());
    }

    /**
     * Ends the forks and their worker processes: asked first (SIGTERM), so their shutdown hooks
     * remove what their workloads wrote, then killed if still there after a few seconds.
     */
    private static void endDescendants() {
        List<ProcessHandle> all = ProcessHandle.current().descendants().toList();
        all.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(5);
        for (ProcessHandle p : all) {
            try {
                p.onExit().get(Math.max(0, deadline - System.nanoTime()), java.util.concurrent.TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                // still running: killed below
            }
        }
        all.forEach(ProcessHandle::destroyForcibly);
    }
}
