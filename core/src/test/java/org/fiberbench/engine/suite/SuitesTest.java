package org.fiberbench.engine.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.fiberbench.engine.Scenario;
import org.fiberbench.engine.Settings;
import org.fiberbench.engine.Suite;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.executor.OnVirtualThreads;
import org.fiberbench.executor.VirtualScheduler;
import org.junit.jupiter.api.Test;

/** The suites of seeds 000, 002 and 003 carry the seeds' own parameters at full scale, and the quick ones stay small. */
class SuitesTest {

    private static List<Scenario> plan(String suite, Suite.Scale scale) {
        return Suites.of(suite).plan(scale, Settings.Overrides.NONE);
    }

    private static Set<String> set(List<Scenario> list, Function<Scenario, String> f) {
        return list.stream().map(f).collect(Collectors.toCollection(TreeSet::new));
    }

    @Test
    void schedulersFullIsSeed000sMatrix() {
        List<Scenario> full = plan("schedulers", Suite.Scale.FULL);
        assertEquals(16, full.size(), "2 workloads × 2 task counts × 2 carrier counts × 2 schedulers");
        assertEquals(Set.of("virtual:scheduler=fixed,carriers=100", "virtual:scheduler=fixed,carriers=1000",
                "virtual:scheduler=forkjoin,carriers=100", "virtual:scheduler=forkjoin,carriers=1000"),
                set(full, s -> s.executor().canonical()));
        assertEquals(Set.of("batch:tasks=1000", "batch:tasks=10000"), set(full, s -> s.load().canonical()));
        assertEquals(Set.of("cpu:iterations=1000000", "sleep:ms=5000"), set(full, s -> s.workload().canonical()));
        Settings st = full.get(0).settings();
        assertEquals(List.of(1, 3, Duration.ofSeconds(5), 5, Duration.ofSeconds(5), "avgt"),
                List.of(st.forks(), st.warmupIterations(), st.warmupTime(), st.iterations(), st.time(), st.mode()),
                "the seed's @Fork(1) @Warmup(3 × 5 s) @Measurement(5 × 5 s) avgt");
    }

    @Test
    void schedulersPairsFixedWithForkJoinOnTheSameCarriers() {
        for (Suite.Scale scale : Suite.Scale.values()) {
            List<Scenario> list = plan("schedulers", scale);
            for (int i = 0; i < list.size(); i += 2) {
                VirtualScheduler fixed = ((OnVirtualThreads) list.get(i).executor()).scheduler();
                VirtualScheduler fj = ((OnVirtualThreads) list.get(i + 1).executor()).scheduler();
                assertEquals(ExecutorSpec.Scheduler.FIXED, fixed.kind());
                assertEquals(ExecutorSpec.Scheduler.FORKJOIN, fj.kind());
                assertEquals(fixed.carriers(), fj.carriers());
                assertEquals(list.get(i).group(), list.get(i + 1).group(), "fixed is the baseline of its forkjoin twin");
            }
        }
    }

    @Test
    void schedulersQuickFitsTwoMinutes() {
        List<Scenario> quick = plan("schedulers", Suite.Scale.QUICK);
        assertEquals(8, quick.size());
        assertEquals(Set.of("cpu:iterations=100000", "sleep:ms=100"), set(quick, s -> s.workload().canonical()));
        Duration estimate = quick.stream().map(s -> s.settings().estimate()).reduce(Duration.ZERO, Duration::plus);
        assertTrue(estimate.compareTo(Duration.ofSeconds(100)) <= 0, "estimated " + estimate);
    }

    @Test
    void threadsFullIsSeed003sJmhBenchmark() {
        List<Scenario> full = plan("threads", Suite.Scale.FULL);
        assertEquals(List.of("platform:cached", "platform:per-task", "virtual"),
                full.stream().map(s -> s.executor().canonical()).toList());
        for (Scenario s : full) {
            assertEquals("sleep:ms=200", s.workload().canonical());
            assertEquals("batch:tasks=10000", s.load().canonical());
            Settings st = s.settings();
            assertEquals(List.of(1, 5, Duration.ofSeconds(2), 5, Duration.ofSeconds(10), 2, "avgt"),
                    List.of(st.forks(), st.warmupIterations(), st.warmupTime(), st.iterations(), st.time(),
                            st.threads(), st.mode()),
                    "the seed's @Fork(1) @Warmup(time = 2) default 5 × 10 s measurement @Threads(2)");
            assertEquals(List.of("-Xms512m", "-Xmx1024m"), st.jvmArgs());
            assertTrue(st.syncIterations(), "the seed's JMH default");
        }
    }

    @Test
    void threadsQuickKeepsTheScenarioAndShortensTheBatchesAndIterations() {
        List<Scenario> quick = plan("threads", Suite.Scale.QUICK);
        List<Scenario> full = plan("threads", Suite.Scale.FULL);
        Function<Scenario, String> kind = s -> s.executor().canonical() + " × " + s.workload().canonical();
        assertEquals(set(full, kind), set(quick, kind));
        assertTrue(full.stream().allMatch(s -> s.load().canonical().equals("batch:tasks=10000")), "the seed's batch at --full");
        assertTrue(quick.stream().allMatch(s -> s.load().canonical().equals("batch:tasks=2000")));
        assertTrue(quick.stream().allMatch(s -> s.settings().threads() == 2
                && s.settings().time().equals(Duration.ofMillis(500))));
        // a platform batch outlasts the iteration: both start together, one batch an iteration, not two
        assertTrue(quick.stream().noneMatch(s -> s.settings().syncIterations()));
        assertTrue(quick.stream().allMatch(s -> s.settings().iterations() == 24 && s.settings().warmupIterations() == 2
                && s.settings().warmupTime().equals(Duration.ofSeconds(3))));
    }

    @Test
    void coDemoIsOneOverCapacityOpenRun() {
        List<Scenario> quick = plan("co-demo", Suite.Scale.QUICK);
        assertEquals(1, quick.size());
        assertEquals("platform:fixed=1", quick.get(0).executor().canonical());
        assertEquals("sleep:ms=10", quick.get(0).workload().canonical());
        assertTrue(((org.fiberbench.load.OpenLoad) quick.get(0).load()).rate() > 100, "above the 100/s one thread can serve");
    }

    @Test
    void defaultRunHasBothFoundationSuitesAtQuickScale() {
        List<String> names = Suites.defaultShowdown().stream().map(Suite::name).toList();
        assertTrue(names.containsAll(List.of("schedulers", "threads", "co-demo")), names.toString());
    }

    @Test
    void theDefaultRunsShortBatchScenariosMeasureInManyShortIterations() {
        // 10 s measured either way; 40 values put the 99.9% interval's t/sqrt(n) at 0.56 where 10 put it at 1.51
        for (String name : List.of("db-smoke", "process-pool")) {
            Settings st = Suites.of(name).plan(Suite.Scale.QUICK, Settings.Overrides.NONE).get(0).settings();
            assertTrue(st.iterations() >= 40, name + ": " + st.iterations() + " iterations");
            assertEquals(Duration.ofSeconds(10), st.time().multipliedBy(st.iterations()), name);
        }
    }

    @Test
    void commandLineFlagsOverrideASuitesSettings() {
        var o = new Settings.Overrides(2, 0, null, 1, Duration.ofMillis(300), "thrpt", 1, null, null, null);
        Settings st = Suites.of("threads").plan(Suite.Scale.FULL, o).get(0).settings();
        assertEquals(List.of(2, 0, 1, Duration.ofMillis(300), "thrpt", 1),
                List.of(st.forks(), st.warmupIterations(), st.iterations(), st.time(), st.mode(), st.threads()));
        assertEquals(List.of("-Xms512m", "-Xmx1024m"), st.jvmArgs(), "what was not set keeps the suite's value");
    }

    @Test
    void quickSuitesForceNoGcBeforeIterationsUnlessAsked() {
        for (Suite suite : Suites.all()) {
            assertTrue(suite.plan(Suite.Scale.QUICK, Settings.Overrides.NONE).stream().noneMatch(s -> s.settings().gc()),
                    suite.name() + " quick");
            assertTrue(suite.plan(Suite.Scale.FULL, Settings.Overrides.NONE).stream().allMatch(s -> s.settings().gc()),
                    suite.name() + " full");
        }
        var asked = new Settings.Overrides(null, null, null, null, null, null, null, null, null, true);
        assertTrue(Suites.of("schedulers").plan(Suite.Scale.QUICK, asked).stream().allMatch(s -> s.settings().gc()));
        Settings st = Suites.of("schedulers").plan(Suite.Scale.QUICK, Settings.Overrides.NONE).get(0).settings();
        assertEquals(Duration.ofMillis(600).multipliedBy(st.warmupIterations() + st.iterations()),
                st.withGc(true).estimate().minus(st.estimate()), "the estimate counts JMH's wait for the forced GC");
    }
}
