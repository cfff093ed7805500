package org.fiberbench.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.fiberbench.workload.Workload;
import org.fiberbench.workload.WorkloadSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Per-carrier balance of virtual-thread executors: busy time is what the carriers really did. */
class CarrierBalanceTest {

    /** What one executor did: its workers section (read after close), its life in ns, its tasks' summed time. */
    record Outcome(WorkerFigures section, long wallNanos, long taskNanos) {
        Map<String, WorkerFigures.Worker> byWorker() {
            return section.byWorker();
        }

        double sumBusyMs() {
            return byWorker().values().stream().mapToDouble(WorkerFigures.Worker::busyMs).sum();
        }

        double maxBusyMs() {
            return byWorker().values().stream().mapToDouble(WorkerFigures.Worker::busyMs).max().orElse(0);
        }

        long sum(String key) {
            return byWorker().values().stream().mapToLong(w -> key.equals("runs") ? w.runs() : w.tasks()).sum();
        }
    }

    static Outcome run(String spec, Workload work, int tasks) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(tasks);
        AtomicLong taskNanos = new AtomicLong();
        long t0 = System.nanoTime();
        TaskExecutor ex = ExecutorSpec.parse(spec).create();
        try (ex) {
            for (int i = 0; i < tasks; i++) {
                ex.submit(work, i, (s, e, err) -> {
                    taskNanos.addAndGet(e - s);
                    done.countDown();
                });
            }
            assertTrue(done.await(60, TimeUnit.SECONDS), spec + ": all tasks complete");
        }
        long wall = System.nanoTime() - t0;
        return new Outcome(ex.workerStats().section(), wall, taskNanos.get());
    }

    static Workload sleep(int ms) {
        return WorkloadSpec.parse("sleep:ms=" + ms).create();
    }

    /** Spins on the CPU for {@code ms}: never unmounts. */
    static Workload spin(int ms) {
        return new Workload() {
            @Override
            public String spec() {
                return "spin";
            }

            @Override
            public void run(long seq) {
                long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ms);
                while (System.nanoTime() < end) {
                    Thread.onSpinWait();
                }
            }
        };
    }

    @ParameterizedTest
    @ValueSource(strings = {"virtual:scheduler=fixed,carriers=4", "virtual:scheduler=forkjoin,carriers=4",
        "virtual-pool:size=8,scheduler=fixed,carriers=4", "virtual:scheduler=org.fiberbench.executor.SingleThreadScheduler,carriers=4"})
    void sleepingTasksAreNotChargedToTheirCarriers(String spec) throws Exception {
        Outcome o = run(spec, sleep(50), 40);
        assertEquals("mounted_time", o.section().busy());
        assertEquals(40, o.sum("tasks"), () -> spec + ": " + o.byWorker());
        // a task mounts to start and again after its sleep (a pooled virtual thread may go on to the next task)
        int runsPerTask = spec.startsWith("virtual-pool") ? 1 : 2;
        assertTrue(o.sum("runs") >= runsPerTask * 40 + (runsPerTask == 1 ? 8 : 0), () -> spec + ": " + o.byWorker());
        // the old balance charged each task's whole sleep (40 x 50 ms = 2000 ms) to a carrier
        assertTrue(o.sumBusyMs() < 0.25 * 40 * 50, () -> spec + ": carriers were not busy sleeping: " + o.byWorker());
    }

    @ParameterizedTest
    @ValueSource(strings = {"virtual:scheduler=fixed,carriers=2", "virtual:scheduler=forkjoin,carriers=2"})
    void cpuTasksKeepTheirCarrierBusyForTheirWholeTime(String spec) throws Exception {
        Outcome o = run(spec, spin(20), 20);
        double taskMs = o.taskNanos() / 1e6;
        // a task that never unmounts runs inside one mount: the mounts hold all of the tasks' time, and little more
        assertTrue(o.sumBusyMs() >= taskMs, () -> spec + ": busy " + o.sumBusyMs() + " ms < tasks " + taskMs + " ms");
        assertTrue(o.sumBusyMs() <= 1.5 * taskMs + 50, () -> spec + ": busy " + o.sumBusyMs() + " ms vs tasks " + taskMs + " ms");
        assertTrue(o.sum("runs") >= 20, () -> spec + ": " + o.byWorker());
    }

    @Test
    void aHundredCarriersOfSleepersAreNeverBusyLongerThanTheyLived() throws Exception {
        Outcome o = run("virtual:scheduler=fixed,carriers=100", sleep(50), 1000);
        double wallMs = o.wallNanos() / 1e6;
        // the old balance charged ~10 sleeps of 50 ms to a carrier that lived ~100 ms, hence imbalance ~35
        assertTrue(o.maxBusyMs() <= wallMs, () -> "a carrier busier than the wall clock: " + o.maxBusyMs() + " > " + wallMs);
        assertTrue(o.sumBusyMs() <= wallMs * o.byWorker().size(), () -> o.sumBusyMs() + " ms on " + o.byWorker().size());
        assertEquals(1000, o.sum("tasks"));
        assertEquals(100, o.byWorker().size());
    }

    @Test
    void defaultSchedulerBusyIsItsCarriersCpuTime() throws Exception {
        Outcome o = run("virtual", sleep(50), 200);
        assertEquals("cpu_time", o.section().busy());
        assertFalse(o.byWorker().isEmpty());
        assertTrue(o.byWorker().keySet().stream().allMatch(k -> k.matches("ForkJoinPool-\\d+-worker-\\d+")), () -> "" + o.byWorker());
        assertEquals(200, o.sum("tasks"), "the task counts come from each task's carrier");
        double wallMs = o.wallNanos() / 1e6;
        // 200 sleeps of 50 ms (10 s) were charged to the carriers before; CPU cannot exceed the wall clock
        assertTrue(o.maxBusyMs() <= wallMs, () -> o.maxBusyMs() + " ms > wall " + wallMs + " ms");
        assertTrue(o.sumBusyMs() < 0.25 * 200 * 50, () -> "" + o.byWorker());
    }

    @Test
    void defaultSchedulerCarriersShowTheCpuOfCpuTasks() throws Exception {
        Workload cpu = WorkloadSpec.parse("cpu:iterations=300000").create();
        var mx = java.lang.management.ManagementFactory.getThreadMXBean();
        for (int i = 0; i < 40; i++) {
            cpu.run(i); // compiled before anything is measured
        }
        double firstInlineMs = inlineCpuMs(cpu, mx);
        Outcome o = run("virtual", cpu, 20);
        // the JIT may still be finishing the loop during the first measurement: the faster of two is the work's cost
        double inlineCpuMs = Math.min(firstInlineMs, inlineCpuMs(cpu, mx));
        // the same work on the carriers: their CPU holds it, whatever else the machine does (fixed work, not time)
        assertTrue(o.sumBusyMs() >= 0.5 * inlineCpuMs, () -> o.sumBusyMs() + " ms vs " + inlineCpuMs + " ms inline: " + o.byWorker());
        assertTrue(o.sumBusyMs() <= o.wallNanos() / 1e6 * o.byWorker().size(), () -> "" + o.byWorker());
    }

    /** The CPU time, in ms, of 20 tasks of {@code cpu} run one after another in this thread. */
    private static double inlineCpuMs(Workload cpu, java.lang.management.ThreadMXBean mx) throws Exception {
        long before = mx.getCurrentThreadCpuTime();
        for (int i = 0; i < 20; i++) {
            cpu.run(i);
        }
        return (mx.getCurrentThreadCpuTime() - before) / 1e6;
    }

    @Test
    void withoutTheCarrierHandleTheDefaultSchedulerStillHasPerCarrierCpuAndUnknownTasks() throws Exception {
        Thread.ofVirtual().start(() -> { }).join(); // the JDK's scheduler has carriers
        long t0 = System.nanoTime();
        WorkerStats stats = WorkerStats.ofCarrierCpu(Carriers.ofJdkScheduler(), false);
        Thread.ofVirtual().start(() -> {
            stats.taskStarting(); // what runTask does: nothing to count when the carrier cannot be named
            long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(30);
            while (System.nanoTime() < end) {
                Thread.onSpinWait();
            }
        }).join();
        stats.closeWindow();
        double wallMs = (System.nanoTime() - t0) / 1e6;
        Map<String, WorkerFigures.Worker> by = stats.snapshot();
        // each carrier once, from when the stats began: never more CPU than the wall clock since
        assertTrue(by.values().stream().allMatch(m -> m.busyMs() <= wallMs), () -> wallMs + " ms: " + by);
        assertFalse(by.isEmpty(), "the JDK scheduler's carriers are found by their class");
        assertTrue(by.values().stream().allMatch(m -> m.tasks() == null), by::toString);
        assertTrue(by.values().stream().mapToDouble(WorkerFigures.Worker::busyMs).sum() > 0, by::toString);
    }

    @Test
    void platformWorkersStillCountTheWholeTaskTime() throws Exception {
        Outcome o = run("platform:fixed=2", sleep(20), 10);
        assertEquals("task_time", o.section().busy());
        // a platform thread running a sleeping task is occupied by it
        assertTrue(o.sumBusyMs() >= 10 * 20, () -> "" + o.byWorker());
        assertEquals(10, o.sum("tasks"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"virtual:scheduler=fixed,carriers=1", "virtual:scheduler=forkjoin,carriers=1", "virtual"})
    void countingATaskOnItsCarrierAllocatesNothing(String spec) throws Exception {
        var mx = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long[] bytes = new long[2];
        int calls = 200_000;
        try (TaskExecutor ex = ExecutorSpec.parse(spec).create()) {
            CountDownLatch done = new CountDownLatch(1);
            ex.submit(new Workload() {
                @Override
                public String spec() {
                    return "count";
                }

                @Override
                public void run(long seq) {
                    // a virtual thread's allocations are counted to its carrier, which does not change while it runs
                    long carrier = Carriers.current().threadId();
                    WorkerStats stats = ex.workerStats();
                    for (int i = 0; i < calls; i++) { // warm up, then measure the same loop
                        stats.taskStarting();
                    }
                    long before = mx.getThreadAllocatedBytes(carrier);
                    long after = mx.getThreadAllocatedBytes(carrier);
                    bytes[0] = after - before; // the cost of asking
                    before = mx.getThreadAllocatedBytes(carrier);
                    for (int i = 0; i < calls; i++) {
                        stats.taskStarting();
                    }
                    after = mx.getThreadAllocatedBytes(carrier);
                    bytes[1] = after - before;
                }
            }, 0, (s, e, err) -> done.countDown());
            assertTrue(done.await(60, TimeUnit.SECONDS));
        }
        // the old balance built Thread.toString() per task: tens of bytes each, megabytes here
        assertTrue(bytes[1] - bytes[0] < 4096, () -> spec + ": " + (bytes[1] - bytes[0]) + " bytes for " + calls + " tasks");
    }

    @Test
    void platformAndInlineTaskCountingAllocatesNothing() {
        var mx = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        WorkerStats stats = WorkerStats.ofTasks();
        for (int i = 0; i < 200_000; i++) {
            stats.taskStarting().taskRan(1);
        }
        long before = mx.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < 200_000; i++) {
            stats.taskStarting().taskRan(1);
        }
        long used = mx.getCurrentThreadAllocatedBytes() - before;
        assertTrue(used < 4096, used + " bytes");
        assertNull(stats.snapshot().get(Thread.currentThread().getName()).runs(), "threads running whole tasks have no runs");
        assertEquals(400_000L, stats.snapshot().get(Thread.currentThread().getName()).tasks());
    }
}
