package org.fiberbench.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.fiberbench.workload.Workload;
import org.fiberbench.workload.WorkloadSpec;
import org.junit.jupiter.api.Test;

/** The {@code workers} section crosses from its fork as JSON: real executors' figures must read back equal. */
class WorkerFiguresTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static WorkerFigures figures(String executor, int tasks) throws Exception {
        CountDownLatch done = new CountDownLatch(tasks);
        TaskExecutor ex = ExecutorSpec.parse(executor).create();
        try (ex; Workload w = WorkloadSpec.parse("sleep:ms=2").create()) {
            for (int i = 0; i < tasks; i++) {
                ex.submit(w, i, (s, e, err) -> done.countDown());
            }
            assertTrue(done.await(30, TimeUnit.SECONDS));
        } finally {
            ProcessWorkers.stopIdle();
        }
        return ex.workerStats().section(); // once closed: every carrier's last run is counted
    }

    private static WorkerFigures roundTrip(WorkerFigures f) throws Exception {
        WorkerFigures back = JSON.readValue(JSON.writeValueAsBytes(f), WorkerFigures.class);
        assertEquals(f, back);
        assertEquals(JSON.writeValueAsString(f.toMap()), JSON.writeValueAsString(back.toMap()));
        return back;
    }

    @Test
    void processWorkersFiguresReadBackEqualUnderTheResultsKeys() throws Exception {
        WorkerFigures back = roundTrip(figures("process:workers=2,dispatch=static", 10));
        Map<String, Object> section = back.toMap();
        assertEquals(List.of("imbalance", "busy", "by_worker"), List.copyOf(section.keySet()));
        assertEquals("task_time", section.get("busy"));
        assertEquals(List.of("worker-0", "worker-1"), List.copyOf(back.byWorker().keySet()));
        assertEquals(10L, back.byWorker().values().stream().mapToLong(WorkerFigures.Worker::tasks).sum());
        String worker = JSON.writeValueAsString(JSON.readTree(JSON.writeValueAsString(back)).get("by_worker").get("worker-0"));
        assertTrue(worker.matches("\\{\"tasks\":5,\"busy_ms\":[0-9.E]+}"), worker);
    }

    @Test
    void mountedTimeCarriersKeepTheirRunsAcrossTheBoundary() throws Exception {
        WorkerFigures back = roundTrip(figures("virtual:scheduler=fixed,carriers=2", 20));
        assertEquals(WorkerStats.Busy.MOUNTED_TIME.key(), back.busy());
        back.byWorker().values().forEach(w -> assertNotNull(w.runs(), back.toString()));
        assertTrue(JSON.writeValueAsString(back).contains("\"runs\":"), "runs are written where busy is mounted time");
    }
}
