package org.fiberbench.executor;

import java.nio.file.Path;
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

    /**
     * Profiles the worker JVMs (those running and those started from now on) with async-profiler's
     * {@code event}, loaded from {@code library}, until {@link #stopProfiling}. Does nothing visible
     * when this JVM has no process pool.
     */
    public static void startProfiling(String event, Path library) {
        ProcessWorkerPool.startProfiling(event, library.toAbsolutePath().toString());
    }

    /**
     * Stops the workers' profiles; each writes {@code <prefix>-<k>.collapsed} and {@code -<k>.html}.
     * Returns the collapsed-stacks files written (none without a process pool).
     */
    public static List<Path> stopProfiling(Path prefix) {
        return ProcessWorkerPool.stopProfiling(prefix.toAbsolutePath());
    }

    /** Stops the workers kept for later batches; a JVM that is done with process pools leaves no process behind. */
    public static void stopIdle() {
        ProcessWorkerPool.stopIdle();
    }
}
