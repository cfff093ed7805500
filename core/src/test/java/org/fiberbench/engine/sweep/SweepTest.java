package org.fiberbench.engine.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fiberbench.engine.Defaults;
import org.fiberbench.engine.Scenario;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.load.LoadSpec;
import org.fiberbench.result.ResultTable;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.result.ScenarioResult;
import org.fiberbench.result.SweepTable;
import org.fiberbench.spec.SpecException;
import org.fiberbench.workload.WorkloadSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
    void carrierSweepVariesTheCarriersOfEveryCustomSchedulerKind() {
        List<Scenario> out = Sweep.parse("carriers=1,3").expand(List.of(
                scenario("virtual-pool:size=10,scheduler=forkjoin,carriers=2", "batch:tasks=5"),
                scenario("virtual", "batch:tasks=5")));
        assertEquals(List.of("inline", "virtual-pool:size=10,scheduler=forkjoin,carriers=1",
                "virtual-pool:size=10,scheduler=forkjoin,carriers=3", "virtual"),
                out.stream().map(s -> s.executor().canonical()).toList(), "the JDK's scheduler has no carriers to vary");
    }

    @Test
    void aSweepValueOutOfTheKindsRangeIsRejectedNamingIt() {
        SpecException e = assertThrows(SpecException.class,
                () -> Sweep.parse("workers=300").expand(List.of(scenario("process:workers=2", "batch:tasks=5"))));
        assertEquals("executor 'process' key 'workers': 300 is out of range; accepted: 1..256", e.getMessage());
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

    private static RunDirectory sweepRun(Path dir, ScenarioResult inline) {
        RunDirectory run = RunDirectory.create(dir, "test", "adhoc", "test");
        String group = "noop × batch:tasks=10 · sweep workers";
        run.add(inline.group(group));
        run.add(new ScenarioResult("02", "platform:fixed=2", "noop", "batch:tasks=10").group(group)
                .metric("score", 25.0).metric("score_unit", "ms/op"));
        Sweep.annotate(run);
        return run;
    }

    @Test
    void pointsGetSpeedupOverInlineAndEfficiencyPerWorker(@TempDir Path dir) {
        RunDirectory run = sweepRun(dir, new ScenarioResult("01", "inline", "noop", "batch:tasks=10")
                .metric("score", 40.0).metric("score_unit", "ms/op"));
        ScenarioResult point = run.scenarios().get(1);
        assertEquals(1.6, point.metricValue("speedup"));
        assertEquals(0.8, point.metricValue("parallel_efficiency"));
        assertEquals(Map.of("param", "workers", "value", 2L), point.section("sweep"));
        String table = SweepTable.render(run.scenarios());
        assertTrue(table.contains("speed-up over inline = 40.000 ms/op"), table);
        assertTrue(table.lines().anyMatch(l -> l.contains("platform:fixed=2") && l.contains("1.60x") && l.contains("0.80")),
                table);
    }

    @Test
    void pointsWhoseInlineBaselineFailedSayWhyTheyHaveNoSpeedup(@TempDir Path dir) {
        RunDirectory run = sweepRun(dir, new ScenarioResult("01", "inline", "noop", "batch:tasks=10")
                .failure("batch timed out"));
        ScenarioResult point = run.scenarios().get(1);
        assertEquals(null, point.metricValue("speedup"));
        assertEquals("inline baseline failure", point.metricValue("speedup_missing"));
        String table = SweepTable.render(run.scenarios());
        assertTrue(table.contains("inline baseline FAILURE: speed-up and efficiency are not computed"), table);
        assertTrue(ResultTable.render(run.scenarios()).contains("speedup=n/a (inline baseline failure)"));
    }
}
