package org.fiberbench.engine.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.fiberbench.engine.Engine;
import org.fiberbench.engine.Observation;
import org.fiberbench.engine.Plan;
import org.fiberbench.engine.RunContext;
import org.fiberbench.engine.Scenario;
import org.fiberbench.engine.Settings;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.load.LoadSpec;
import org.fiberbench.measure.ObserveOptions;
import org.fiberbench.measure.ProfilerLibrary;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.result.ScenarioResult;
import org.fiberbench.workload.WorkloadSpec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real JMH forks, observed: tiny scenarios end to end. */
class ObservedBatchTest {
    private static final Settings TINY = new Settings(1, 1, Duration.ofMillis(300), 2, Duration.ofMillis(400), "avgt", 1,
            Duration.ofSeconds(30), List.of());

    @TempDir
    Path tmp;

    @BeforeAll
    static void shareTheMachine() {
        // other JMH runs on this machine hold /tmp/jmh.lock; the tests assert ratios, not timings
        System.setProperty("jmh.ignoreLock", "true");
    }

    /** What the next {@link #run} observes: each test sets its own, as the CLI does per run. */
    private RunContext context = RunContext.DEFAULT;

    private ScenarioResult run(String executor, String workload, String load) throws Exception {
        RunDirectory run = RunDirectory.create(tmp.resolve("run"), "test", "adhoc", "test");
        Scenario s = new Scenario(ExecutorSpec.parse(executor), WorkloadSpec.parse(workload), LoadSpec.parse(load), TINY);
        ScenarioResult r = new JmhBatchRunner(context).run(s, "01-test", run);
        assertEquals("normal", r.termination(), () -> String.valueOf(r.failureReason()));
        return r;
    }

    @Test
    @SuppressWarnings("unchecked")
    void pinnedBatchGetsResourcesPinningAndAWarning() throws Exception {
        context = RunContext.DEFAULT.withObserve(new ObserveOptions(50, Duration.ZERO, null, null, false));
        ScenarioResult r = run("virtual", "pin:ms=5", "batch:tasks=8");
        Map<String, Object> resources = (Map<String, Object>) r.section("resources");
        assertTrue(((List<?>) resources.get("timeline")).size() >= 2, resources.toString());
        assertTrue(((Number) r.metricValue("threads_peak")).intValue() > 0);
        assertTrue(((Number) r.metricValue("pinned_count")).longValue() >= 8, r.metrics().toString());
        assertTrue(String.valueOf(r.metricValue("warning")).contains("pinned"), r.metrics().toString());
        Map<String, Object> pinning = (Map<String, Object>) r.section("pinning");
        List<Map<String, Object>> top = (List<Map<String, Object>>) pinning.get("top_stacks");
        assertTrue(top.get(0).get("stack").toString().contains("PinWorkload"), top.toString());
    }

    @Test
    void cpuProfileHasTheWorkloadInMostSamples() throws Exception {
        ProfilerLibrary.Probe probe = ProfilerLibrary.probe("cpu");
        context = RunContext.DEFAULT.withObserve(ObserveOptions.DEFAULT.withProfile(probe.event(), probe.library()));
        ScenarioResult r = run("platform:fixed=2", "cpu:iterations=2000000", "batch:tasks=8");
        Path dir = tmp.resolve("run");
        Map<String, Object> files = filesOf(r);
        Path flame = dir.resolve((String) files.get("flame"));
        Path collapsed = dir.resolve((String) files.get("collapsed"));
        assertTrue(Files.size(flame) > 1000, "flame graph " + flame);
        long all = 0;
        long workers = 0;
        long workload = 0;
        for (String line : Files.readAllLines(collapsed)) {
            long n = Long.parseLong(line.substring(line.lastIndexOf(' ') + 1));
            all += n;
            workers += line.contains("ThreadTaskExecutor") ? n : 0;
            workload += line.contains("CpuWorkload.run") ? n : 0;
        }
        // JIT and GC threads take a share that depends on the machine's load; the pool's threads must be the workload
        assertTrue(workers > 10, "pool samples " + workers + " of " + all);
        assertTrue(workload >= 0.8 * workers, "CpuWorkload.run in " + workload + " of " + workers + " pool samples");
        assertTrue(workload >= 0.25 * all, "CpuWorkload.run in " + workload + " of " + all + " samples");
    }

    @Test
    void processPoolProfileHoldsItsWorkersStacks() throws Exception {
        ProfilerLibrary.Probe probe = ProfilerLibrary.probe("cpu");
        context = RunContext.DEFAULT.withObserve(ObserveOptions.DEFAULT.withProfile(probe.event(), probe.library()));
        ScenarioResult r = run("process:workers=2,dispatch=shared", "cpu:iterations=2000000", "batch:tasks=8");
        Path dir = tmp.resolve("run");
        Map<String, Object> files = filesOf(r);
        long workerSamples = 0;
        long workloadInWorkers = 0;
        for (String line : Files.readAllLines(dir.resolve((String) files.get("collapsed")))) {
            long n = Long.parseLong(line.substring(line.lastIndexOf(' ') + 1));
            if (line.startsWith(org.fiberbench.measure.Observer.WORKER_ROOT_FRAME + ";")) {
                workerSamples += n;
                workloadInWorkers += line.contains("CpuWorkload.run") ? n : 0;
            }
        }
        // the tasks ran in the worker JVMs: their stacks, not the fork's, hold the workload
        assertTrue(workloadInWorkers >= 0.5 * workerSamples && workloadInWorkers > 10,
                "CpuWorkload.run in " + workloadInWorkers + " of " + workerSamples + " worker samples");
        for (String k : List.of("worker_flame_0", "worker_flame_1")) {
            assertTrue(Files.size(dir.resolve((String) files.get(k))) > 1000, k + " " + files);
        }
    }

    /**
     * Two runs set up one after the other in one JVM, then run: each observes as its own context
     * says. Options kept in a static field, as they once were, gave both the second run's.
     */
    @Test
    void twoRunsInOneJvmKeepTheirOwnObservation() throws Exception {
        Plan plan = Plan.adhoc(List.of("platform:fixed=2"), List.of("cpu:iterations=1000"), List.of("batch:tasks=4"), TINY);
        RunDirectory withJfr = RunDirectory.create(tmp.resolve("jfr"), "test", "adhoc", "test");
        RunDirectory without = RunDirectory.create(tmp.resolve("plain"), "test", "adhoc", "test");
        java.io.PrintStream quiet = new java.io.PrintStream(java.io.OutputStream.nullOutputStream());
        Engine first = new Engine(plan, withJfr, RunContext.DEFAULT.withObserve(
                new ObserveOptions(100, ObserveOptions.DEFAULT_PINNING_THRESHOLD, null, null, true)), quiet, () -> { });
        Engine second = new Engine(plan, without, RunContext.DEFAULT, quiet, () -> { });
        assertEquals(0, first.run());
        assertEquals(0, second.run());
        Map<String, Object> jfrFiles = filesOf(withJfr.scenarios().get(0));
        assertTrue(Files.size(withJfr.dir().resolve((String) jfrFiles.get("jfr"))) > 0, jfrFiles.toString());
        Map<String, Object> plainFiles = filesOf(without.scenarios().get(0));
        assertEquals(null, plainFiles.get("jfr"), plainFiles.toString());
        try (var files = Files.list(without.dir().resolve("scenarios"))) {
            assertEquals(List.of(), files.filter(f -> f.toString().endsWith(".jfr")).toList());
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> filesOf(ScenarioResult r) throws Exception {
        var f = ScenarioResult.class.getDeclaredMethod("toMap");
        f.setAccessible(true);
        return (Map<String, Object>) ((Map<String, Object>) f.invoke(r)).get("files");
    }
}
