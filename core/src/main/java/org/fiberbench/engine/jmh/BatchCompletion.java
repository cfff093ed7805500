package org.fiberbench.engine.jmh;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.fiberbench.executor.TaskExecutor;

/**
 * Counts the tasks of one batch down and keeps the first error. Thread-safe and lock-free on the
 * completion path (a latch count-down and, only on error, one CAS), so it adds no contention of
 * its own to the executor being measured.
 */
final class BatchCompletion implements TaskExecutor.Completion {
    private final long tasks;
    private final CountDownLatch latch;
    private final AtomicLong errors = new AtomicLong();
    private final AtomicReference<Throwable> firstError = new AtomicReference<>();
    private volatile boolean timedOut;
    /** Tasks still running when the timeout struck; closing the executor may interrupt them into errors later. */
    private volatile long hung;

    BatchCompletion(long tasks) {
        if (tasks > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("a batch holds at most " + Integer.MAX_VALUE + " tasks: " + tasks);
        }
        this.tasks = tasks;
        this.latch = new CountDownLatch((int) tasks);
    }

    @Override
    public void complete(long startNanos, long endNanos, Throwable error) {
        if (error != null) {
            errors.incrementAndGet();
            firstError.compareAndSet(null, error);
        }
        latch.countDown();
    }

    /** A batch is timed as a whole: its tasks' own times are not read. */
    @Override
    public boolean timed() {
        return false;
    }

    void await(long timeoutNanos) throws InterruptedException {
        timedOut = !latch.await(timeoutNanos, TimeUnit.NANOSECONDS);
        if (timedOut) {
            hung = latch.getCount();
        }
    }

    /** Whether {@link #await} gave up on tasks still running. */
    boolean timedOut() {
        return timedOut;
    }

    /** Tasks in the batch. */
    long tasks() {
        return tasks;
    }

    long completed() {
        return tasks - latch.getCount();
    }

    /** Throws when any task failed or did not finish: a fast failure must never score. */
    void check() {
        if (timedOut) {
            throw new IllegalStateException(hung + " of " + tasks
                    + " tasks did not finish within the batch timeout (hanging tasks)");
        }
        long e = errors.get();
        if (e > 0) {
            Throwable t = firstError.get();
            throw new IllegalStateException(e + " of " + tasks + " tasks failed; first: " + t, t);
        }
    }
}
