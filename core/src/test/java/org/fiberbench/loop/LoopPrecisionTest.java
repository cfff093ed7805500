package org.fiberbench.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Precision on demand inside the loop: the window ends at the first cut where the rule holds, never before the minimum. */
class LoopPrecisionTest {
    @Test
    void aClosedLoopEndsEarlyOnceTheIntervalIsNarrowButNotBeforeItsOwnDuration() throws Exception {
        long t = System.nanoTime();
        LoopRequest req = LoopRequest.of("virtual", "sleep:ms=5", "closed:users=4,duration=20s", 500).withPrecision(90, 2000);
        LoopResult r = LoopDriver.run(req);
        double took = (System.nanoTime() - t) / 1e9;
        int n = r.iterationValues().length;
        assertTrue(n >= 3 && n < 20, "ended at a cut after the minimum of 3 seconds, long before 20: " + n);
        assertTrue(took < 15, "ended early: " + took + " s");
        Map<String, Object> latency = r.latency().section();
        assertEquals((double) n, ((Number) latency.get("duration_s")).doubleValue(), 0.001,
                "latency.duration_s is the window measured, not the budget: " + latency);
    }

    @Test
    void withoutPrecisionTheWindowIsTheLoadsOwn() throws Exception {
        LoopResult r = LoopDriver.run(LoopRequest.of("virtual", "sleep:ms=5", "closed:users=4,duration=2s", 500));
        assertEquals(2, r.iterationValues().length);
    }
}
