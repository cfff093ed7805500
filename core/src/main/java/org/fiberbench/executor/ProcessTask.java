package org.fiberbench.executor;

import org.fiberbench.workload.Workload;

/**
 * One submitted task of a process pool. The id and dispatch time are set once, under the worker's
 * send lock, before the task line is written; the reader thread reads them after the answer
 * arrives, which the pipe orders after the write.
 */
final class ProcessTask {
    private final Workload workload;
    private final long seq;
    private final TaskExecutor.Completion done;
    private volatile long id = -1;
    private volatile long dispatchedNanos;

    ProcessTask(Workload workload, long seq, TaskExecutor.Completion done) {
        this.workload = workload;
        this.seq = seq;
        this.done = done;
    }

    Workload workload() {
        return workload;
    }

    long seq() {
        return seq;
    }

    long id() {
        return id;
    }

    void dispatched(long taskId, long nanos) {
        this.id = taskId;
        this.dispatchedNanos = nanos;
    }

    /** Start = when the task was handed to a worker (the pipe and the worker's queue are part of its cost). */
    void complete(long endNanos, Throwable error) {
        long start = dispatchedNanos == 0 ? endNanos : dispatchedNanos;
        done.complete(start, endNanos, error);
    }

    @Override
    public String toString() {
        return "task " + id + " (seq " + seq + ")";
    }
}
