package org.fiberbench.engine.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.executor.TaskExecutor;
import org.fiberbench.executor.WorkerFigures;
import org.fiberbench.workload.WorkloadSpec;
import org.junit.jupiter.api.Test;

class WorkerBalanceTest {

    @Test
    void balanceSectionCountsTasksPerPlatformThread() throws Exception {
        try (TaskExecutor ex = ExecutorSpec.parse("platform:fixed=2").create()) {
            var done = new java.util.concurrent.CountDownLatch(20);
            var w = WorkloadSpec.parse("sleep:ms=2").create();
            for (int i = 0; i < 20; i++) {
                ex.submit(w, i, (s, e, err) -> done.countDown());
            }
            done.await();
            WorkerFigures section = WorkerBalance.section(ex.workerStats());
            Map<String, WorkerFigures.Worker> byWorker = section.byWorker();
            assertEquals(List.of("fiberbench-fixed-0", "fiberbench-fixed-1"), List.copyOf(byWorker.keySet()));
            assertTrue(section.imbalance() >= 1.0);
            long tasks = byWorker.values().stream().mapToLong(WorkerFigures.Worker::tasks).sum();
            assertEquals(20, tasks);
        }
    }
}
