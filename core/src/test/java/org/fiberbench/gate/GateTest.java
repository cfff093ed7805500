package org.fiberbench.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fiberbench.engine.Defaults;
import org.fiberbench.engine.Plan;
import org.fiberbench.result.ScenarioResult;
import org.fiberbench.spec.SpecException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Thresholds checked against a plan before it runs, and judged on results after. */
class GateTest {
    @TempDir
    Path tmp;

    private static List<Target> plan(String... loads) {
        return Target.of(Plan.adhoc(List.of("virtual", "platform:fixed=2"), List.of("sleep:ms=10"), List.of(loads),
                Defaults.SETTINGS));
    }

    private static String rejection(List<Target> targets, String... exprs) {
        SpecException e = assertThrows(SpecException.class, () -> Gate.parse(List.of(exprs), null).check(targets));
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        return e.getMessage();
    }

    @Test
    void aPercentileOnABatchIsRejectedBeforeAnythingRuns() {
        String msg = rejection(plan("batch:tasks=10"), "p99<50ms");
        assertTrue(msg.startsWith("threshold 'p99<50ms': scenario virtual × sleep:ms=10 × batch:tasks=10 has no p99; "
                + "p99 applies to closed and open loads"), msg);
    }

    @Test
    void aScoreOnALoopAndAchievedOnAClosedLoadAreRejected() {
        assertTrue(rejection(plan("open:rate=50,duration=2s"), "score<250ms/op").contains("score applies to batch loads"));
        assertTrue(rejection(plan("closed:users=2,duration=2s"), "achieved>=99%").contains("achieved applies to open loads"));
        assertTrue(rejection(plan("batch:tasks=10"), "errors<1%").contains("errors applies to closed and open loads"));
    }

    @Test
    void aScoreUnitMustMatchTheBatchMode() {
        String msg = rejection(plan("batch:tasks=10"), "score>=10/s");
        assertTrue(msg.contains("scores in ms/op (--mode avgt)"), msg);
    }

    @Test
    void aScopeThatMatchesNothingNamesWhatWouldMatch() {
        String msg = rejection(plan("open:rate=50,duration=2s"), "forkjoin:parallelism=2: p99<1s");
        assertTrue(msg.contains("its scope executor=forkjoin:parallelism=2 matches no scenario of this run; accepted: one of "
                + "executor=virtual, platform:fixed=2"), msg);
    }

    @Test
    void aScopedThresholdSkipsTheScenariosItDoesNotCover() {
        Gate.parse(List.of("load=open:rate=50,duration=2s: p99<1s", "load=batch:tasks=10: score<1s/op"), null)
                .check(plan("batch:tasks=10", "open:rate=50,duration=2s"));
    }

    @Test
    void aRatioNeedsAScenarioWithABaseline() {
        List<Target> targets = plan("batch:tasks=10");
        assertTrue(rejection(targets, "virtual: ratio<0.5").contains("no scenario it covers has a baseline"));
        Gate.parse(List.of("ratio<0.5"), null).check(targets);
    }

    @Test
    void aThresholdsFileHoldsOnePerLineWithComments() throws Exception {
        Path f = Files.writeString(tmp.resolve("gate.txt"), "# latency\np99<50ms   # the tail\n\n  errors<0.1%\n");
        Gate g = Gate.parse(List.of("p50<10ms"), f);
        assertEquals(List.of("p50<10ms", "p99<50ms", "errors<0.1%"), g.thresholds().stream().map(Threshold::expr).toList());
        SpecException e = assertThrows(SpecException.class, () -> Gate.parse(List.of(), tmp.resolve("none.txt")));
        assertTrue(e.getMessage().contains("--thresholds " + tmp.resolve("none.txt") + ": no such file"), e.getMessage());
        Files.writeString(f, "p99<50ms\np99<<1s\n");
        e = assertThrows(SpecException.class, () -> Gate.parse(List.of(), f));
        assertTrue(e.getMessage().startsWith("threshold 'p99<<1s'"), e.getMessage());
    }

    private static ScenarioResult loop(String id, String executor, long p99Ns, long completed, long errors) {
        return new ScenarioResult(id, executor, "sleep:ms=10", "open:rate=100,duration=2s").metric("latency_p99_ns", p99Ns)
                .metric("service_p99_ns", p99Ns / 2).metric("completed", completed).metric("errors", errors)
                .metric("throughput_ops_s", 97.0).metric("requested_rate_ops_s", 100.0);
    }

    @Test
    void verdictsReadTheRecordedFiguresInTheThresholdsUnit() {
        ScenarioResult r = loop("01-a", "virtual", 12_000_000, 999, 1);
        Gate g = Gate.parse(List.of("p99<50ms", "service_p99<=6ms", "errors<0.1%", "errors<=1", "achieved>=99%", "throughput>=90/s"), null);
        List<Verdict> v = g.evaluate(List.of(r));
        assertEquals(List.of(12.0, 6.0, 0.1, 1.0, 97.0, 97.0), v.stream().map(Verdict::value).toList());
        assertEquals(List.of(true, true, false, true, false, true), v.stream().map(Verdict::pass).toList());
        assertEquals("{expr=p99<50ms, scenario=01-a, value=12.0, unit=ms, pass=true}", v.get(0).toMap().toString());
    }

    @Test
    void aFailedScenarioOrAMissingFigureFailsWithNoValue() {
        ScenarioResult failed = loop("01-a", "virtual", 1, 1, 0).failure("boom");
        ScenarioResult empty = new ScenarioResult("02-b", "virtual", "sleep:ms=10", "open:rate=100,duration=2s")
                .metric("latency_p99_ns", null);
        List<Verdict> v = Gate.parse(List.of("p99<50ms"), null).evaluate(List.of(failed, empty));
        assertNull(v.get(0).value());
        assertFalse(v.get(0).pass());
        assertEquals("scenario failure", v.get(0).note());
        assertNull(v.get(1).value());
        assertFalse(v.get(1).pass());
    }

    private static ScenarioResult batch(String id, String executor, double... iterations) {
        double mean = java.util.Arrays.stream(iterations).average().orElseThrow();
        return new ScenarioResult(id, executor, "sleep:ms=10", "batch:tasks=10").metric("score_ms_per_op", mean)
                .iterations(iterations);
    }

    @Test
    void aRatioPassesOnlyWhenItsWholeIntervalIsOnTheLimitsSide() {
        ScenarioResult base = batch("01-base", "platform:fixed=1", 100, 101, 99, 100);
        ScenarioResult tight = batch("02-tight", "virtual", 10, 10.2, 9.8, 10).baseline("01-base");
        ScenarioResult noisy = batch("03-noisy", "forkjoin:parallelism=2", 1, 30, 2, 40).baseline("01-base");
        List<Verdict> v = Gate.parse(List.of("ratio<0.2"), null).evaluate(List.of(base, tight, noisy));
        assertEquals(2, v.size(), "the baseline itself is not judged");
        assertTrue(v.get(0).pass(), v.get(0).toString());
        assertEquals(0.1, v.get(0).value(), 1e-9);
        assertTrue(v.get(1).value() < 0.2, "the point estimate alone would pass: " + v.get(1));
        assertFalse(v.get(1).pass(), "its 99.9% interval reaches above 0.2");
        assertTrue(v.get(1).note().startsWith("not significant at 99.9%: interval ["), v.get(1).note());
    }

    @Test
    void aScoreIsReadInTheUnitGiven() {
        ScenarioResult r = batch("01-a", "virtual", 250, 250);
        List<Verdict> v = Gate.parse(List.of("score<0.3s/op", "score<250ms/op", "score<=250000us/op"), null).evaluate(List.of(r));
        assertEquals(List.of(0.25, 250.0, 250000.0), v.stream().map(Verdict::value).toList());
        assertEquals(List.of(true, false, true), v.stream().map(Verdict::pass).toList());
    }
}
