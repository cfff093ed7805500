package org.fiberbench.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.fiberbench.workload.Workload;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** fiberbench's custom schedulers live for the trial: the next executor runs on the same carriers, counted from zero. */
class SchedulerPoolTest {

    @AfterEach
    void stopIdleSchedulers() {
        SchedulerPool.clear();
    }

    /**
     * Runs {@code tasks} tasks on a new executor of {@code spec}; returns the carriers they ran on and the closed
     * executor. Each task holds its carrier until {@code spread} carriers have been seen (or 10 s pass), so a pool that
     * starts its carriers on demand has started them all by the end of the batch.
     */
    private static TaskExecutor batch(String spec, int tasks, int spread, Set<Thread> carriers) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(tasks);
        Workload onCarrier = new Workload() {
            @Override
            public String spec() {
                return "carrier";
            }

            @Override
            public void run(long seq) {
                carriers.add(Carriers.current());
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                while (carriers.size() < spread && System.nanoTime() < deadline) {
                    Thread.onSpinWait();
                }
            }
        };
        TaskExecutor ex = ExecutorSpec.parse(spec).create();
        try (ex) {
            for (int i = 0; i < tasks; i++) {
                ex.submit(onCarrier, i, (s, e, err) -> done.countDown());
            }
            assertTrue(done.await(60, TimeUnit.SECONDS), spec);
        }
        return ex;
    }

    private static long tasks(TaskExecutor ex) {
        return ex.workerStats().snapshot().values().stream().mapToLong(WorkerFigures.Worker::tasks).sum();
    }

    @ParameterizedTest
    @ValueSource(strings = {"virtual:scheduler=fixed,carriers=2", "virtual:scheduler=forkjoin,carriers=2",
        "virtual-pool:size=4,scheduler=fixed,carriers=2"})
    void theNextExecutorRunsOnTheSameCarriersAndCountsOnlyItsOwnTasks(String spec) throws Exception {
        Set<Thread> first = ConcurrentHashMap.newKeySet();
        Set<Thread> second = ConcurrentHashMap.newKeySet();
        TaskExecutor a = batch(spec, 300, 2, first);
        assertEquals(2, first.size(), "the first batch started both carriers: " + first);
        VirtualScheduler scheduler = ((OnVirtualThreads) ExecutorSpec.parse(spec)).scheduler();
        assertEquals(1, SchedulerPool.idle(scheduler), "given back on close");
        TaskExecutor b = batch(spec, 100, 1, second);
        assertEquals(1, SchedulerPool.idle(scheduler), "taken and given back: still one scheduler");
        assertTrue(first.containsAll(second), first + " then " + second);
        assertTrue(second.stream().allMatch(Thread::isAlive), "the carriers outlive the executor");
        assertEquals(300, tasks(a), "the first executor's figures, as they were when it closed");
        assertEquals(100, tasks(b), "the second counted from zero");
        assertEquals(Set.of("fiberbench-carrier-0", "fiberbench-carrier-1"), b.workerStats().snapshot().keySet());
    }

    @ParameterizedTest
    @ValueSource(strings = {"virtual:scheduler=fixed,carriers=2"})
    void twoExecutorsAtOnceGetTwoSchedulers(String spec) throws Exception {
        Set<Thread> seen = ConcurrentHashMap.newKeySet();
        TaskExecutor a = ExecutorSpec.parse(spec).create();
        TaskExecutor b = ExecutorSpec.parse(spec).create();
        CountDownLatch done = new CountDownLatch(2);
        Workload onCarrier = new Workload() {
            @Override
            public String spec() {
                return "carrier";
            }

            @Override
            public void run(long seq) {
                seen.add(Carriers.current());
            }
        };
        a.submit(onCarrier, 0, (s, e, err) -> done.countDown());
        b.submit(onCarrier, 1, (s, e, err) -> done.countDown());
        assertTrue(done.await(60, TimeUnit.SECONDS));
        a.close();
        b.close();
        assertEquals(2, seen.size(), "each executor had a scheduler of its own: " + seen);
        assertEquals(2, SchedulerPool.idle(((OnVirtualThreads) ExecutorSpec.parse(spec)).scheduler()));
    }
}
