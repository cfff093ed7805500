package org.fiberbench.engine.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.fiberbench.engine.Defaults;
import org.fiberbench.engine.Plan;
import org.fiberbench.spec.SpecException;
import org.junit.jupiter.api.Test;

class RateSweepTest {

    @Test
    void rangeFormGivesEveryStepUpToHi() {
        assertEquals(List.of(100.0, 200.0, 300.0, 400.0), RateSweep.parseRates("rate=100..400:100"));
        assertEquals(List.of(100.0, 250.0), RateSweep.parseRates("rate=100..350:150"));
    }

    @Test
    void listFormIsSortedAscending() {
        assertEquals(List.of(50.0, 300.0, 400.0), RateSweep.parseRates("rate=400,50,300"));
    }

    @Test
    void slaTakesEveryPercentileOfTheTable() {
        Map<String, Long> sla = RateSweep.parseSla(List.of("p99=50ms,max=1s", "p99.9=200ms"));
        assertEquals(Map.of("p99", 50_000_000L, "max", 1_000_000_000L, "p99.9", 200_000_000L), sla);
    }

    @Test
    void rejectsBadSweepsNamingThePart() {
        String[][] cases = {
            {"rate=0..100:10", "0 is out of range"},
            {"rate=10..100:0", "0 is out of range"},
            {"rate=100..10:10", "HI 10 is below LO 100"},
            {"rate=10..100", "a range needs a step"},
            {"rate=1..100000:1", "more than 200 rates"},
            {"users=1,2", "only the rate can be swept"},
        };
        for (String[] c : cases) {
            var e = assertThrows(SpecException.class, () -> RateSweep.parseRates(c[0]), c[0]);
            assertTrue(e.getMessage().contains(c[1]), c[0] + ": " + e.getMessage());
        }
    }

    @Test
    void rejectsUnknownSlaPercentileListingTheAccepted() {
        var e = assertThrows(SpecException.class, () -> RateSweep.parseSla(List.of("p95=10ms")));
        assertEquals("--sla: unknown percentile 'p95'; accepted: p50, p90, p99, p99.9, p99.99, max", e.getMessage());
    }

    @Test
    void planHasOneOpenScenarioPerRateFromTheTemplate() {
        Plan p = RateSweep.plan(List.of("virtual"), List.of("noop"), List.of("open:rate=1,duration=2s,warmup=1s"),
                Defaults.SETTINGS, "rate=10,20", List.of("p99=50ms"));
        assertEquals(List.of("open:rate=10,duration=2s,warmup=1s", "open:rate=20,duration=2s,warmup=1s"),
                p.scenarios().stream().map(s -> s.load().canonical()).toList());
    }
}
