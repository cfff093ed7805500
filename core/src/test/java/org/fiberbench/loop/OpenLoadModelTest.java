package org.fiberbench.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class OpenLoadModelTest {

    @SuppressWarnings("unchecked")
    static Map<String, Object> latency(Map<String, Object> summary) {
        return (Map<String, Object>) summary.get("latency");
    }

    @SuppressWarnings("unchecked")
    static long ns(Map<String, Object> summary, String view, String level) {
        return ((Number) ((Map<String, Object>) latency(summary).get(view)).get(level)).longValue();
    }

    @Test
    void openLoopCountsQueueingDelayOverCapacity() throws Exception {
        Map<String, Object> s = LoopDriver.run(LoopRequest.of("platform:fixed=1", "sleep:ms=10",
                "open:rate=200,duration=3s", 500)).summary();
        long corrected = ns(s, "corrected", "p50_ns");
        long service = ns(s, "uncorrected", "p50_ns");
        assertTrue(corrected > 200_000_000L, "corrected p50 should be hundreds of ms: " + corrected);
        assertTrue(service >= 10_000_000L && service < 30_000_000L, "service p50 should be near 10 ms: " + service);
        assertEquals(true, latency(s).get("saturated"));
    }

    @Test
    void correctedAndUncorrectedAgreeUnderCapacity() throws Exception {
        Map<String, Object> s = LoopDriver.run(LoopRequest.of("platform:fixed=1", "sleep:ms=10",
                "open:rate=20,duration=2s", 500)).summary();
        long corrected = ns(s, "corrected", "p50_ns");
        long service = ns(s, "uncorrected", "p50_ns");
        assertTrue(Math.abs(corrected - service) < 3_000_000L, "corrected " + corrected + " vs service " + service);
        assertEquals(false, latency(s).get("saturated"));
    }

    @Test
    void pacerKeepsItsScheduleWhenTasksAreSlow() throws Exception {
        // inline: every task runs on the pacer itself, so the pacer can only do 50 of the 100 tasks/s;
        // with the schedule taken from i the lateness accumulates into the corrected latency
        Map<String, Object> s = LoopDriver.run(LoopRequest.of("inline", "sleep:ms=20", "open:rate=100,duration=1s", 500)).summary();
        long service = ns(s, "uncorrected", "p50_ns");
        long correctedMax = ns(s, "corrected", "max_ns");
        assertTrue(service < 40_000_000L, "service p50 " + service);
        assertTrue(correctedMax > 350_000_000L, "the last tasks ran ~0.5 s after they were due: " + correctedMax);
        assertTrue(((Number) latency(s).get("not_submitted")).longValue() >= 30, "due tasks never sent are counted");
    }

    @Test
    void slowTasksDoNotHoldThePacerBack() throws Exception {
        Map<String, Object> s = LoopDriver.run(LoopRequest.of("platform:fixed=1", "sleep:ms=10",
                "open:rate=200,duration=1s", 0)).summary();
        assertEquals(0L, ((Number) latency(s).get("not_submitted")).longValue());
        long lag = ((Number) latency(s).get("pacer_lag_p50_ns")).longValue();
        assertTrue(lag < 5_000_000L, "the pacer submits on time even with a backlog: lag p50 " + lag);
    }

    @Test
    void thePacerLagIsTheMeasuredWindowsAsTheLatenciesAre() throws Exception {
        // inline 20 ms tasks at 100/s: the pacer falls 10 ms further behind per task, so every task it submits
        // in 2 s was due in the first second, the warm-up; the lag of the measured window has no sample
        Map<String, Object> s = LoopDriver.run(LoopRequest.of("inline", "sleep:ms=20",
                "open:rate=100,duration=2s,warmup=1s", 500)).summary();
        assertEquals(0L, ((Number) latency(s).get("pacer_lag_max_ns")).longValue(), latency(s).toString());
        assertTrue(((Number) latency(s).get("not_submitted")).longValue() >= 50, "the measured window's tasks went unsent");
        Map<String, Object> all = LoopDriver.run(LoopRequest.of("inline", "sleep:ms=20", "open:rate=100,duration=1s", 500)).summary();
        assertTrue(((Number) latency(all).get("pacer_lag_max_ns")).longValue() > 200_000_000L, "without warm-up every lag counts");
    }

    @Test
    void poissonOpenRunAchievesItsRate() throws Exception {
        var s = LoopDriver.run(LoopRequest.of("virtual", "noop", "open:rate=500,duration=2s,arrival=poisson", 500)).summary();
        var lat = OpenLoadModelTest.latency(s);
        assertEquals("poisson", lat.get("timing"));
        double achieved = ((Number) lat.get("achieved_rate_ops_s")).doubleValue();
        assertTrue(achieved > 400 && achieved < 600, "about 500/s on average: " + achieved);
    }
}
