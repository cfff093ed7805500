package org.fiberbench.engine.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.fiberbench.engine.RunContext;
import org.fiberbench.engine.Scenario;
import org.fiberbench.engine.Settings;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.load.LoadSpec;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.result.ScenarioResult;
import org.fiberbench.stats.Precision;
import org.fiberbench.stats.TimeReserve;
import org.fiberbench.workload.WorkloadSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The default showdown's reserve with real JMH forks: a batch scenario short of its target when its
 * own budget is spent gets more forks while the run's reserve covers one, and says what it drew; a
 * spent reserve, or none, buys nothing. An unreachable target (0.001%) and a 1 ms budget make every
 * fork after the first a draw (three iterations a fork: the rule judges no fewer).
 */
class PrecisionReserveTest {
    private static final Settings TINY = new Settings(1, 1, Duration.ofMillis(200), 3, Duration.ofMillis(200), "avgt", 1,
            Duration.ofSeconds(30), List.of());

    @TempDir
    Path tmp;

    private ScenarioResult run(Precision precision, String id) throws Exception {
        RunDirectory run = RunDirectory.create(tmp.resolve(id), "test", "adhoc", "test");
        Scenario s = new Scenario(ExecutorSpec.parse("virtual"), WorkloadSpec.parse("sleep:ms=2"),
                LoadSpec.parse("batch:tasks=10"), TINY);
        ScenarioResult r = new JmhBatchRunner(RunContext.DEFAULT.withPrecision(precision)).run(s, "01-test", run);
        assertEquals("normal", r.termination(), () -> String.valueOf(r.failureReason()));
        return r;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> precision(ScenarioResult r) {
        return (Map<String, Object>) r.configValue("precision");
    }

    private static int forks(ScenarioResult r) {
        return ((Number) r.configValue("forks")).intValue();
    }

    @Test
    void noReserveMeansOneForkWhenTheBudgetIsSpent() throws Exception {
        ScenarioResult r = run(new Precision(0.001, Duration.ofMillis(1)), "none");
        assertEquals(1, forks(r));
        assertEquals("time budget", precision(r).get("stopped"));
        assertFalse(precision(r).containsKey("reserve_drawn_s"), precision(r).toString());
    }

    @Test
    void aScenarioShortOfItsTargetDrawsForksOnTheReserveUntilWhatIsLeftCannotPayForOne() throws Exception {
        TimeReserve reserve = new TimeReserve(Duration.ofSeconds(6));
        Precision p = new Precision(0.001, Duration.ofMillis(1), reserve);
        long t0 = System.nanoTime();
        ScenarioResult first = run(p, "first");
        double took = (System.nanoTime() - t0) / 1e9;
        int forks = forks(first);
        assertTrue(forks >= 2, "the reserve paid for more forks: " + forks);
        assertEquals("time budget", precision(first).get("stopped"));
        assertEquals(3 * forks, first.iterationValues().length, "every fork's iterations pooled");
        double drawn = ((Number) precision(first).get("reserve_drawn_s")).doubleValue();
        double left = reserve.left().toMillis() / 1000.0;
        assertEquals(6.0, drawn + left, 0.06, "what it drew is what the reserve lost: drew " + drawn + ", left " + left);
        assertTrue(took < 6 + 2 * took / forks + 5, "within the reserve and a fork's slack: " + took + " s in " + forks);

        reserve.take(reserve.left()); // what the first left is spent by another scenario
        ScenarioResult next = run(p, "next");
        assertEquals(1, forks(next), "a spent reserve buys nothing");
        assertFalse(precision(next).containsKey("reserve_drawn_s"), precision(next).toString());
    }
}
