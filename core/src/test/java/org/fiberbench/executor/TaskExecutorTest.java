package org.fiberbench.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.fiberbench.workload.Workload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TaskExecutorTest {

    /** Records the thread of every task and the highest number running at once. */
    static final class Probe implements Workload {
        final Set<Thread> threads = ConcurrentHashMap.newKeySet();
        final Set<String> descriptions = ConcurrentHashMap.newKeySet();
        final AtomicInteger running = new AtomicInteger();
        final AtomicInteger maxRunning = new AtomicInteger();
        final long sleepMs;

        Probe(long sleepMs) {
            this.sleepMs = sleepMs;
        }

        @Override
        public String spec() {
            return "probe";
        }

        @Override
        public void run(long seq) throws InterruptedException {
            int now = running.incrementAndGet();
            maxRunning.accumulateAndGet(now, Math::max);
            threads.add(Thread.currentThread());
            descriptions.add(Thread.currentThread().toString());
            if (sleepMs > 0) {
                Thread.sleep(sleepMs);
            }
            running.decrementAndGet();
        }
    }

    private static Probe runAll(String spec, int tasks, long sleepMs) throws InterruptedException {
        Probe probe = new Probe(sleepMs);
        CountDownLatch done = new CountDownLatch(tasks);
        AtomicReference<Throwable> error = new AtomicReference<>();
        try (TaskExecutor ex = ExecutorSpec.parse(spec).create()) {
            for (int i = 0; i < tasks; i++) {
                ex.submit(probe, i, (s, e, err) -> {
                    if (err != null) {
                        error.set(err);
                    }
                    done.countDown();
                });
            }
            assertTrue(done.await(30, TimeUnit.SECONDS), spec + ": all tasks complete");
        }
        assertNull(error.get(), spec + ": no task failed");
        return probe;
    }

    @ParameterizedTest
    @ValueSource(strings = {"virtual", "virtual:scheduler=forkjoin,carriers=2", "virtual:scheduler=fixed,carriers=2",
        "virtual-pool:size=4", "virtual-pool:size=4,scheduler=fixed,carriers=1"})
    void virtualKindsRunTasksOnVirtualThreads(String spec) throws Exception {
        Probe p = runAll(spec, 50, 1);
        assertTrue(p.threads.stream().allMatch(Thread::isVirtual), spec);
    }

    /**
     * A virtual thread per task is made as {@code Executors.newVirtualThreadPerTaskExecutor()} makes it,
     * unnamed (a name per thread cost 10,000 sleeping tasks about 1% of their batch); a pool's few
     * long-lived threads keep fiberbench's name.
     */
    @ParameterizedTest
    @ValueSource(strings = {"virtual", "virtual:scheduler=forkjoin,carriers=2", "virtual:scheduler=fixed,carriers=2"})
    void aVirtualThreadPerTaskIsUnnamedAsTheJdksOwnExecutorMakesIt(String spec) throws Exception {
        Probe p = runAll(spec, 20, 0);
        assertTrue(p.threads.stream().allMatch(t -> t.getName().isEmpty()), spec + ": " + p.descriptions);
        Probe pool = runAll("virtual-pool:size=2", 20, 0);
        assertTrue(pool.threads.stream().allMatch(t -> t.getName().startsWith("fiberbench-virtual-")), pool.descriptions.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"platform:cached", "platform:per-task", "platform:fixed=3", "forkjoin:parallelism=2"})
    void platformKindsRunTasksOnPlatformThreads(String spec) throws Exception {
        Probe p = runAll(spec, 50, 1);
        assertTrue(p.threads.stream().noneMatch(Thread::isVirtual), spec);
        assertFalse(p.threads.contains(Thread.currentThread()), spec + " runs off the caller");
    }

    @ParameterizedTest
    @ValueSource(strings = {"virtual:scheduler=forkjoin,carriers=2", "virtual:scheduler=fixed,carriers=2"})
    void customSchedulerCarriersBelongToItsPool(String spec) throws Exception {
        Probe p = runAll(spec, 100, 2);
        // VirtualThread.toString() names the carrier: ".../runnable@fiberbench-carrier-0"
        assertTrue(p.descriptions.stream().allMatch(d -> d.contains("@" + TaskExecutors.CARRIER_PREFIX)),
                () -> spec + " carriers: " + p.descriptions);
    }

    @ParameterizedTest
    @ValueSource(strings = {"virtual:scheduler=forkjoin,carriers=2", "virtual:scheduler=fixed,carriers=2",
        "virtual-pool:size=4,scheduler=forkjoin,carriers=2", "forkjoin:parallelism=2", "platform:fixed=2"})
    void everyWorkerOfAPoolOfTwoIsCountedUnderItsOwnName(String spec) throws Exception {
        Workload spin = new Workload() {
            @Override
            public String spec() {
                return "spin";
            }

            @Override
            public void run(long seq) {
                long end = System.nanoTime() + 20_000_000L;
                while (System.nanoTime() < end) {
                    Thread.onSpinWait();
                }
            }
        };
        CountDownLatch done = new CountDownLatch(20);
        try (TaskExecutor ex = ExecutorSpec.parse(spec).create()) {
            for (int i = 0; i < 20; i++) {
                ex.submit(spin, i, (s, e, err) -> done.countDown());
            }
            assertTrue(done.await(30, TimeUnit.SECONDS));
            assertEquals(2, ex.workerStats().snapshot().size(),
                    () -> spec + ": both workers ran tasks, each under its own name: " + ex.workerStats().snapshot());
        }
    }

    @Test
    void userSchedulerClassCarriesTheVirtualThreads() throws Exception {
        Probe p = runAll("virtual:scheduler=" + SingleThreadScheduler.class.getName() + ",carriers=1", 20, 1);
        assertTrue(p.descriptions.stream().allMatch(d -> d.contains("@user-scheduler-carrier")), () -> "" + p.descriptions);
    }

    @Test
    void defaultSchedulerDoesNotUseFiberbenchCarriers() throws Exception {
        Probe p = runAll("virtual", 20, 1);
        assertTrue(p.descriptions.stream().noneMatch(d -> d.contains(TaskExecutors.CARRIER_PREFIX)));
    }

    @Test
    void virtualPoolCapsConcurrencyAtSize() throws Exception {
        Probe p = runAll("virtual-pool:size=3", 40, 10);
        assertEquals(3, p.maxRunning.get());
        assertTrue(p.threads.size() <= 3, "a pool of 3 virtual threads is reused: " + p.threads.size());
    }

    @Test
    void fixedPlatformPoolCapsConcurrencyAtSize() throws Exception {
        Probe p = runAll("platform:fixed=2", 20, 5);
        assertEquals(2, p.maxRunning.get());
    }

    @Test
    void virtualPerTaskRunsAllSleepersAtOnce() throws Exception {
        Probe p = runAll("virtual", 200, 200);
        assertTrue(p.maxRunning.get() > 150, "virtual threads do not wait for a free thread: " + p.maxRunning.get());
    }

    @Test
    void perTaskMakesAThreadPerTask() throws Exception {
        Probe p = runAll("platform:per-task", 30, 1);
        assertEquals(30, p.threads.size());
    }

    @Test
    void inlineUsesTheCallingThread() throws Exception {
        Probe p = runAll("inline", 10, 0);
        assertEquals(Set.of(Thread.currentThread()), p.threads);
        assertEquals(1, p.maxRunning.get());
    }

    @Test
    void taskErrorsReachTheCompletion() throws Exception {
        Workload failing = new Workload() {
            @Override
            public String spec() {
                return "failing";
            }

            @Override
            public void run(long seq) {
                throw new IllegalStateException("boom " + seq);
            }
        };
        AtomicReference<Throwable> error = new AtomicReference<>();
        CountDownLatch done = new CountDownLatch(1);
        try (TaskExecutor ex = ExecutorSpec.parse("virtual").create()) {
            ex.submit(failing, 7, (s, e, err) -> {
                error.set(err);
                done.countDown();
            });
            assertTrue(done.await(10, TimeUnit.SECONDS));
        }
        assertSame(IllegalStateException.class, error.get().getClass());
        assertEquals("boom 7", error.get().getMessage());
    }

    /** A completion that records the times it was given, timed or not as asked. */
    static final class Times implements TaskExecutor.Completion {
        final boolean timed;
        final CountDownLatch done = new CountDownLatch(1);
        volatile long start = -1;
        volatile long end = -1;

        Times(boolean timed) {
            this.timed = timed;
        }

        @Override
        public void complete(long startNanos, long endNanos, Throwable error) {
            start = startNanos;
            end = endNanos;
            done.countDown();
        }

        @Override
        public boolean timed() {
            return timed;
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"virtual", "virtual:scheduler=fixed,carriers=2", "virtual:scheduler=forkjoin,carriers=2",
        "virtual-pool:size=2", "platform:fixed=2", "platform:per-task"})
    void theClockIsReadOnlyForWhoeverReadsTheTimes(String spec) throws Exception {
        Probe sleeper = new Probe(20);
        Times timed = new Times(true);
        Times untimed = new Times(false);
        double busyMs;
        WorkerStats.Busy busy;
        try (TaskExecutor ex = ExecutorSpec.parse(spec).create()) {
            busy = ex.workerStats().busy();
            ex.submit(sleeper, 0, timed);
            assertTrue(timed.done.await(10, TimeUnit.SECONDS));
            ex.submit(sleeper, 1, untimed);
            assertTrue(untimed.done.await(10, TimeUnit.SECONDS));
            ex.shutdown();
            ex.close();
            busyMs = ex.workerStats().snapshot().values().stream().mapToDouble(WorkerFigures.Worker::busyMs).sum();
        }
        // a load model's completion gets the task's own start and end, 20 ms apart
        assertTrue(timed.end - timed.start >= TimeUnit.MILLISECONDS.toNanos(19), spec + ": " + (timed.end - timed.start));
        if (busy == WorkerStats.Busy.TASK_TIME) {
            // a thread that runs whole tasks is charged their time whatever the completion reads: both tasks
            assertTrue(busyMs >= 38, spec + ": busy " + busyMs + " ms");
            assertTrue(untimed.end - untimed.start >= TimeUnit.MILLISECONDS.toNanos(19), spec + ": " + (untimed.end - untimed.start));
        } else {
            // a batch's completion reads no times and nothing else does: no clock is read for the task
            assertEquals(0, untimed.start, spec);
            assertEquals(0, untimed.end, spec);
        }
    }

    @Test
    void workerStatsCountTasksPerCarrier() throws Exception {
        Probe probe = new Probe(0);
        CountDownLatch done = new CountDownLatch(100);
        try (TaskExecutor ex = ExecutorSpec.parse("virtual:scheduler=fixed,carriers=2").create()) {
            for (int i = 0; i < 100; i++) {
                ex.submit(probe, i, (s, e, err) -> done.countDown());
            }
            assertTrue(done.await(10, TimeUnit.SECONDS));
            var snap = ex.workerStats().snapshot();
            long total = snap.values().stream().mapToLong(WorkerFigures.Worker::tasks).sum();
            assertEquals(100, total);
            assertTrue(snap.keySet().stream().allMatch(k -> k.startsWith(TaskExecutors.CARRIER_PREFIX)), "" + snap.keySet());
        }
    }

    /** Each task spins (never unmounts) until two tasks run at once: both workers of a pool of two must take one. */
    static final class PairUp implements Workload {
        private final AtomicInteger running = new AtomicInteger();

        @Override
        public String spec() {
            return "pair-up";
        }

        @Override
        public void run(long seq) {
            running.incrementAndGet();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (running.get() < 2 && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"forkjoin:parallelism=2", "virtual:scheduler=forkjoin,carriers=2",
        "virtual:scheduler=fixed,carriers=2", "platform:fixed=2", "virtual-pool:size=2,scheduler=forkjoin,carriers=2"})
    void balanceNamesEachThreadOfAPoolApart(String spec) throws Exception {
        PairUp pair = new PairUp();
        CountDownLatch done = new CountDownLatch(2);
        try (TaskExecutor ex = ExecutorSpec.parse(spec).create()) {
            ex.submit(pair, 0, (s, e, err) -> done.countDown());
            ex.submit(pair, 1, (s, e, err) -> done.countDown());
            assertTrue(done.await(30, TimeUnit.SECONDS));
            // two tasks ran at the same moment, so on two threads: two workers with one task each
            assertEquals(2, ex.workerStats().snapshot().size(), spec + ": " + ex.workerStats().snapshot());
        }
    }
}
