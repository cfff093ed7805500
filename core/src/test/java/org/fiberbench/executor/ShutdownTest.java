package org.fiberbench.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.fiberbench.workload.TestWorkload;
import org.fiberbench.workload.Workload;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** shutdown(): no more tasks; those submitted run on, close still waits for them, and idle workers may leave at once. */
class ShutdownTest {
    @AfterEach
    void stopIdleSchedulers() {
        SchedulerPool.clear();
    }

    /**
     * A cached pool keeps an idle thread for 60 s. After shutdown, the threads whose tasks are done
     * end while another task still runs, as at the end of a caller's try block, not at close.
     */
    @Test
    void aCachedPoolsIdleThreadsEndAtShutdownWhileATaskStillRuns() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<Thread> blocked = new CompletableFuture<>();
        Set<Thread> others = ConcurrentHashMap.newKeySet();
        CountDownLatch othersDone = new CountDownLatch(3);
        Workload w = TestWorkload.of("gate", seq -> {
            if (seq == 0) {
                blocked.complete(Thread.currentThread());
                release.await();
            } else {
                others.add(Thread.currentThread());
            }
        });
        TaskExecutor ex = ExecutorSpec.parse("platform:cached").create();
        try {
            for (int i = 0; i < 4; i++) {
                ex.submit(w, i, (s, e, err) -> {
                    if (err == null) {
                        othersDone.countDown();
                    }
                });
            }
            Thread first = blocked.get(30, TimeUnit.SECONDS);
            assertTrue(othersDone.await(30, TimeUnit.SECONDS), "tasks 1..3 ran");
            ex.shutdown();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            others.remove(first);
            while (others.stream().anyMatch(Thread::isAlive) && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertTrue(others.stream().noneMatch(Thread::isAlive), "idle threads still alive after shutdown: " + others);
            assertTrue(first.isAlive(), "the running task goes on");
        } finally {
            release.countDown();
            ex.close();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"virtual", "platform:fixed=2", "platform:cached", "platform:per-task", "virtual:scheduler=forkjoin,carriers=2"})
    void tasksSubmittedBeforeShutdownRunAndOneSubmittedAfterIsReportedRejected(String spec) throws Exception {
        List<Throwable> outcomes = new CopyOnWriteArrayList<>();
        CountDownLatch all = new CountDownLatch(4);
        Workload w = TestWorkload.of("sleeps", seq -> Thread.sleep(50));
        TaskExecutor ex = ExecutorSpec.parse(spec).create();
        for (int i = 0; i < 3; i++) {
            ex.submit(w, i, (s, e, err) -> {
                outcomes.add(err == null ? new Throwable("ok") : err);
                all.countDown();
            });
        }
        ex.shutdown();
        CompletableFuture<Throwable> late = new CompletableFuture<>();
        ex.submit(w, 3, (s, e, err) -> {
            late.complete(err);
            all.countDown();
        });
        ex.close();
        assertTrue(all.await(10, TimeUnit.SECONDS), "every task reported");
        assertEquals(3, outcomes.stream().filter(t -> "ok".equals(t.getMessage())).count(), outcomes.toString());
        assertInstanceOf(RejectedExecutionException.class, late.get(), "a task after shutdown is counted as failed, not dropped");
    }
}
