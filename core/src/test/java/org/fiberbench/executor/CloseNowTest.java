package org.fiberbench.executor;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.fiberbench.workload.TestWorkload;
import org.fiberbench.workload.Workload;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A batch past its timeout closes its executor at once: the hung task is interrupted, not waited out for 30 s. */
class CloseNowTest {
    @AfterEach
    void stopIdleSchedulers() {
        SchedulerPool.clear();
    }

    @ParameterizedTest
    @ValueSource(strings = {"virtual", "platform:fixed=2", "platform:per-task", "virtual:scheduler=fixed,carriers=2"})
    void closeNowInterruptsAHungTaskAndALaterCloseWaitsNoMore(String spec) throws Exception {
        CompletableFuture<Throwable> outcome = new CompletableFuture<>();
        CompletableFuture<Void> running = new CompletableFuture<>();
        Workload hangs = TestWorkload.of("hangs", seq -> {
            running.complete(null);
            Thread.sleep(TimeUnit.MINUTES.toMillis(10));
        });
        TaskExecutor ex = ExecutorSpec.parse(spec).create();
        ex.submit(hangs, 0, (start, end, error) -> outcome.complete(error));
        running.get(30, TimeUnit.SECONDS);
        long t0 = System.nanoTime();
        ex.closeNow();
        ex.close();
        long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        // close() alone would wait 30 s before interrupting; closeNow() interrupts at once and waits at most 2 s
        assertTrue(tookMs < 15_000, "closed in " + tookMs + " ms");
        assertInstanceOf(InterruptedException.class, outcome.get(5, TimeUnit.SECONDS), "the hung task was interrupted");
        assertFalse(outcome.isCompletedExceptionally());
    }
}
