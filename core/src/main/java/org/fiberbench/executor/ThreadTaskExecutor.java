package org.fiberbench.executor;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import org.fiberbench.workload.Workload;

/**
 * Runs tasks on a JDK {@link ExecutorService}; closes it, then the schedulers it owns. Closing
 * waits for submitted tasks, as {@code ExecutorService.close()} does. The balance figures are
 * counted by the threads themselves ({@link WorkerStats}); once {@link #close} returns they are
 * complete, the last mounts of a custom scheduler's carriers included.
 */
final class ThreadTaskExecutor implements TaskExecutor {
    private final ExecutorSpec spec;
    private final ExecutorService service;
    private final List<AutoCloseable> owned;
    private final WorkerStats stats;
    /** The figures as they were at close, when the scheduler goes back to its pool to count for another executor. */
    private volatile WorkerStats closedStats;
    /** Set by the first close; close is called from one thread (the batch), the flag only keeps a second one from waiting again. */
    private volatile boolean closed;

    ThreadTaskExecutor(ExecutorSpec spec, ExecutorService service, List<AutoCloseable> owned, WorkerStats stats) {
        this.spec = spec;
        this.service = service;
        this.owned = owned;
        this.stats = stats;
    }

    @Override
    public void submit(Workload workload, long seq, Completion done) {
        try {
            service.execute(() -> runTask(workload, seq, done, stats));
        } catch (RejectedExecutionException e) {
            long now = System.nanoTime();
            done.complete(now, now, e);
        }
    }

    /**
     * Runs one task, timing it on the thread that runs it when the worker or the completion reads
     * the times (else both are 0); never throws. The balance costs a field
     * read (or an identity-map read for a thread fiberbench did not make) and a counter update: a
     * thread running whole tasks is charged the task's time; a virtual thread's task is only counted
     * on its carrier, whose busy time is counted per mount or as CPU.
     */
    static void runTask(Workload workload, long seq, Completion done, WorkerStats stats) {
        WorkerCounters worker = stats.taskStarting();
        boolean timed = worker != null || done.timed();
        long start = timed ? System.nanoTime() : 0;
        Throwable error = null;
        try {
            workload.run(seq);
        } catch (Throwable t) {
            error = t;
        }
        long end = timed ? System.nanoTime() : 0;
        if (worker != null) {
            worker.taskRan(end - start);
        }
        done.complete(start, end, error);
    }

    @Override
    public ExecutorSpec spec() {
        return spec;
    }

    @Override
    public WorkerStats workerStats() {
        WorkerStats closed = closedStats;
        return closed != null ? closed : stats;
    }

    @Override
    public void shutdown() {
        service.shutdown();
    }

    @Override
    public void close() {
        close(false);
    }

    @Override
    public void closeNow() {
        close(true);
    }

    private void close(boolean now) {
        if (closed) {
            return;
        }
        closed = true;
        // bounded: a hanging task must not hang the scenario; it is counted by the load model
        if (now) {
            service.shutdownNow();
        } else {
            service.shutdown();
        }
        try {
            if (!service.awaitTermination(now ? 2 : 30, java.util.concurrent.TimeUnit.SECONDS)) {
                service.shutdownNow();
            }
        } catch (InterruptedException e) {
            service.shutdownNow();
            Thread.currentThread().interrupt();
        }
        stats.closeWindow(); // carriers' CPU is read while they are alive: before their scheduler stops
        if (!owned.isEmpty()) {
            closedStats = stats.frozen(); // a pooled scheduler's counters start again for its next executor
        }
        for (AutoCloseable c : owned) {
            try {
                c.close();
            } catch (Exception e) {
                // a scheduler that fails to stop leaves daemon threads only; the fork exits anyway
            }
        }
    }
}
