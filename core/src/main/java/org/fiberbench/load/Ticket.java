package org.fiberbench.load;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.fiberbench.executor.TaskExecutor;
import org.fiberbench.measure.LatencyRecorder;

/**
 * The completion of one task in flight, reused from task to task so the loop allocates nothing per
 * task: the open model's pacer recycles a ring of them, each closed-model user owns one.
 *
 * <p>Thread-safety: one submitter arms a free ticket ({@link #arm}) then submits it; the executor's
 * hand-off publishes {@code intendedNanos} to the thread that completes it; the volatile {@code
 * free} publishes the end of {@link #complete} back to the submitter before it reuses the ticket.
 */
final class Ticket implements TaskExecutor.Completion {
    private final LatencyRecorder recorder;
    /** Closed model: the user to wake; null in the open model. */
    private final Thread waiter;
    /** Closed model: tasks in flight, decremented before the user may submit again; else null. */
    private final AtomicInteger inFlight;
    private long intendedNanos;
    private volatile boolean free = true;

    Ticket(LatencyRecorder recorder, Thread waiter, AtomicInteger inFlight) {
        this.recorder = recorder;
        this.waiter = waiter;
        this.inFlight = inFlight;
    }

    /** Marks the ticket in use for a task meant to start at {@code intended}. */
    void arm(long intended) {
        free = false;
        intendedNanos = intended;
    }

    boolean isFree() {
        return free;
    }

    @Override
    public void complete(long startNanos, long endNanos, Throwable error) {
        if (error == null) {
            recorder.recordSuccess(intendedNanos, startNanos, endNanos);
        } else {
            recorder.recordError(error);
        }
        if (inFlight != null) {
            inFlight.decrementAndGet();
        }
        free = true;
        if (waiter != null) {
            LockSupport.unpark(waiter);
        }
    }
}
