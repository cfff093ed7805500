package org.fiberbench.executor;

import java.util.List;

/**
 * What the rest of fiberbench may know about this JVM's process-pool workers: their PIDs, so the
 * resource sampler can count the worker JVMs' CPU, memory and threads as part of the scenario.
 */
public final class ProcessWorkers {
    private ProcessWorkers() {
    }

    /** PIDs of the worker JVMs this JVM has running now (none unless a process executor was used). */
    public static List<Long> pids() {
        return ProcessWorkerPool.pids();
    }

    /** Stops the workers kept for later batches; a JVM that is done with process pools leaves no process behind. */
    public static void stopIdle() {
        ProcessWorkerPool.stopIdle();
    }
}
