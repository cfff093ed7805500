package org.fiberbench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.executor.TaskExecutor;
import org.fiberbench.load.LoadSpec;
import org.fiberbench.spec.SpecException;
import org.fiberbench.workload.WorkloadSpec;
import org.junit.jupiter.api.Test;

class SweepTest {

    private static Scenario scenario(String executor, String load) {
        return new Scenario(ExecutorSpec.parse(executor), WorkloadSpec.parse("noop"), LoadSpec.parse(load), Defaults.SETTINGS);
    }

    @Test
    void parsesRangesAndLists() {
        assertEquals(List.of(1L, 2L, 3L, 8L), Sweep.parse("workers=1..3,8").values());
    }

    @Test
    void workerSweepLeadsEachGroupWithInline() {
        List<Scenario> out = Sweep.parse("workers=1..3").expand(List.of(
                scenario("inline", "batch:tasks=10"), scenario("process:workers=2,dispatch=static", "batch:tasks=10"),
                scenario("platform:fixed=2", "batch:tasks=10")));
        assertEquals(List.of("inline", "process:workers=1,dispatch=static", "process:workers=2,dispatch=static",
                "process:workers=3,dispatch=static", "platform:fixed=1", "platform:fixed=2", "platform:fixed=3"),
                out.stream().map(s -> s.executor().canonical()).toList());
        assertEquals(1, out.stream().map(Scenario::group).distinct().count());
    }

    @Test
    void taskSweepHasAnInlineBaselinePerTaskCount() {
        List<Scenario> out = Sweep.parse("tasks=10,20").expand(List.of(scenario("platform:fixed=2", "batch:tasks=5")));
        assertEquals(List.of("inline batch:tasks=10", "platform:fixed=2 batch:tasks=10", "inline batch:tasks=20",
                "platform:fixed=2 batch:tasks=20"),
                out.stream().map(s -> s.executor().canonical() + " " + s.load().canonical()).toList());
    }

    @Test
    void rejectsASweepThatChangesNothing() {
        SpecException e = assertThrows(SpecException.class,
                () -> Sweep.parse("carriers=1..2").expand(List.of(scenario("platform:fixed=2", "batch:tasks=5"))));
        assertTrue(e.getMessage().contains("carriers"), e.getMessage());
    }

    @Test
    void rejectsUnknownParameterAndReversedRange() {
        assertThrows(SpecException.class, () -> Sweep.parse("rate=1..2"));
        assertThrows(SpecException.class, () -> Sweep.parse("workers=4..1"));
        assertThrows(SpecException.class, () -> Sweep.parse("workers=0..2"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void balanceSectionCountsTasksPerPlatformThread() throws Exception {
        try (TaskExecutor ex = ExecutorSpec.parse("platform:fixed=2").create()) {
            var done = new java.util.concurrent.CountDownLatch(20);
            var w = WorkloadSpec.parse("sleep:ms=2").create();
            for (int i = 0; i < 20; i++) {
                ex.submit(w, i, (s, e, err) -> done.countDown());
            }
            done.await();
            Map<String, Object> section = WorkerBalance.section(ex.workerStats());
            Map<String, Map<String, Object>> byWorker = (Map<String, Map<String, Object>>) section.get("by_worker");
            assertEquals(List.of("fiberbench-fixed-0", "fiberbench-fixed-1"), List.copyOf(byWorker.keySet()));
            assertTrue((double) section.get("imbalance") >= 1.0);
            long tasks = byWorker.values().stream().mapToLong(m -> (long) m.get("tasks")).sum();
            assertEquals(20, tasks);
        }
    }
}
