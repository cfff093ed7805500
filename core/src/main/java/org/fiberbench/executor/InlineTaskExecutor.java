package org.fiberbench.executor;

import org.fiberbench.workload.Workload;

/** Runs each task in the submitting thread, before {@link #submit} returns: the sequential baseline. */
final class InlineTaskExecutor implements TaskExecutor {
    private final ExecutorSpec spec;
    private final WorkerStats stats = new WorkerStats();

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
