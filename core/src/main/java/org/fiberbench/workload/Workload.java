package org.fiberbench.workload;

/**
 * What one task does. {@link #run} is called concurrently from many threads and must be
 * thread-safe; it throws when the task failed or its result is wrong.
 */
public interface Workload extends AutoCloseable {

    /** The canonical spec, e.g. {@code cpu:iterations=1000000}. */
    String spec();

    /** Prepares shared state (tables, files, connections); runs once, outside any measurement. */
    default void setUp() throws Exception {
    }

    /** Runs task number {@code seq} (a per-task seed for randomised workloads). */
    void run(long seq) throws Exception;

    /**
     * Removes what another process that ran this workload left behind when it died without
     * closing it (a process-pool worker killed with SIGKILL): called in the parent with the dead
     * process's PID. Most workloads leave nothing.
     */
    default void removeLeftoversOf(long pid) throws Exception {
    }

    /**
     * What went wrong after the measurement without spoiling it (a validation or a tear-down
     * that threw): read after {@link #close()}, reported as warnings on the scenario.
     */
    default java.util.List<String> warnings() {
        return java.util.List.of();
    }

    /** Releases what setUp made; runs once, after the last task. */
    @Override
    default void close() throws Exception {
    }
}
