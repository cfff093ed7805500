package org.fiberbench.executor;

import org.fiberbench.workload.Workload;

/**
 * Runs each task in the submitting thread, before {@link #submit} returns: the sequential
 * baseline. Its workers are the submitting threads (the JMH thread, a closed loop's users, an
 * open loop's pacer), each charged its tasks' time.
 */
final class InlineTaskExecutor implements TaskExecutor {
    private final ExecutorSpec spec;
    private final WorkerStats stats = WorkerStats.ofTasks();

    InlineTaskExecutor(ExecutorSpec spec) {
        this.spec = spec;
    }

    @Override
    public void submit(Workload workload, long seq, Completion done) {
        ThreadTaskExecutor.runTask(workload, seq, done, stats);
    }

    @Override
    public ExecutorSpec spec() {
        return spec;
    }

    @Override
    public WorkerStats workerStats() {
        return stats;
    }

    @Override
    public void close() {
    }
}
