package org.fiberbench.executor;

import org.fiberbench.workload.Workload;

/**
 * Runs workload tasks the way its spec says. Thread-safe: {@link #submit} may be called from any
 * thread, concurrently. {@link #close} waits for the tasks already submitted (bounded by the
 * caller's own timeouts) and releases every thread or process the executor made.
 */
public interface TaskExecutor extends AutoCloseable {

    /** Called once per task, on the thread that ran it (or the parent's reader for processes). */
    @FunctionalInterface
    interface Completion {
        /**
         * @param startNanos {@code System.nanoTime()} when the task actually began running
         * @param endNanos   when it ended
         * @param error      null on success, else what the task threw
         */
        void complete(long startNanos, long endNanos, Throwable error);

        /**
         * Whether {@link #complete} reads the two times. A completion that only counts (a batch's)
         * says no, and a worker that is not charged the task's time then reads no clock for it:
         * the two {@code System.nanoTime()} calls, about 40 ns each on a 2-core VM, were half of
         * what a batch added to a virtual thread's task.
         */
        default boolean timed() {
            return true;
        }
    }

    /** Runs task number {@code seq} of {@code workload}; reports to {@code done} exactly once. */
    void submit(Workload workload, long seq, Completion done);

    ExecutorSpec spec();

    /** Per-worker balance (tasks and busy time by thread or process), filled while tasks run. */
    WorkerStats workerStats();

    /**
     * No more tasks will be submitted. Tasks already submitted run on, and {@link #close} still waits
     * for them, but workers left idle may go now, while the last tasks run, as they do when the
     * caller of {@code try (var e = ...) { submit N }} reaches the end of the block: a cached pool of
     * 10,000 threads that ends them all only at close adds their exit to the batch.
     */
    default void shutdown() {
    }

    @Override
    void close();

    /**
     * Closes without waiting out tasks that are still running: the caller has already counted them as
     * hanging (a batch past its timeout), so they are interrupted and given a moment, not {@link #close}'s
     * long wait. A later {@link #close} does nothing more.
     */
    default void closeNow() {
        close();
    }
}
