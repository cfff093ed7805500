package org.fiberbench.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Closed and open loops report per-worker balance with the busy time each executor kind really has. */
class LoopBalanceTest {

    @SuppressWarnings("unchecked")
    private static Map<String, Map<String, Object>> byWorker(Map<String, Object> summary) {
        return (Map<String, Map<String, Object>>) workers(summary).get("by_worker");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> workers(Map<String, Object> summary) {
        return (Map<String, Object>) summary.get("workers");
    }

    private static double sumBusyMs(Map<String, Object> summary) {
        return byWorker(summary).values().stream().mapToDouble(m -> (Double) m.get("busy_ms")).sum();
    }

    private static long sumTasks(Map<String, Object> summary) {
        return byWorker(summary).values().stream().mapToLong(m -> (Long) m.get("tasks")).sum();
    }

    @Test
    void closedLoopOnFixedCarriersCountsMountsNotSleeps() throws Exception {
        Map<String, Object> s = LoopDriver.run(LoopRequest.of("virtual:scheduler=fixed,carriers=2", "sleep:ms=20",
                "closed:users=8,duration=1s", 500)).summary();
        assertEquals("mounted_time", workers(s).get("busy"));
        assertEquals(2, byWorker(s).size(), () -> "" + byWorker(s));
        long tasks = sumTasks(s);
        assertTrue(tasks > 0 && tasks >= ((Number) ((Map<?, ?>) s.get("latency")).get("completed")).longValue(), () -> "" + s.get("workers"));
        // every task slept 20 ms unmounted: the carriers were busy for a small part of that
        assertTrue(sumBusyMs(s) < 0.25 * tasks * 20, () -> "" + byWorker(s));
        assertTrue(workers(s).get("imbalance") instanceof Double);
    }

    @Test
    void openLoopOnTheJdkSchedulerCountsCarrierCpu() throws Exception {
        Map<String, Object> s = LoopDriver.run(LoopRequest.of("virtual", "sleep:ms=20", "open:rate=200,duration=1s", 500)).summary();
        assertEquals("cpu_time", workers(s).get("busy"));
        assertTrue(byWorker(s).keySet().stream().allMatch(k -> k.matches("ForkJoinPool-\\d+-worker-\\d+")), () -> "" + byWorker(s));
        long tasks = sumTasks(s);
        assertTrue(tasks >= 150, () -> "" + byWorker(s));
        assertTrue(sumBusyMs(s) < 0.25 * tasks * 20, () -> "" + byWorker(s));
    }

    @Test
    void inlineInAClosedLoopChargesEachUserItsTasks() throws Exception {
        Map<String, Object> s = LoopDriver.run(LoopRequest.of("inline", "sleep:ms=10", "closed:users=3,duration=1s", 500)).summary();
        assertEquals("task_time", workers(s).get("busy"));
        assertEquals(3, byWorker(s).size(), () -> "" + byWorker(s));
        assertTrue(byWorker(s).keySet().stream().allMatch(k -> k.startsWith("fiberbench-user-")), () -> "" + byWorker(s));
        // inline runs the task in the user: the user is occupied by its sleep
        assertTrue(sumBusyMs(s) >= sumTasks(s) * 10, () -> "" + byWorker(s));
    }
}
