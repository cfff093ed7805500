package org.fiberbench.load;

import java.util.Map;
import org.fiberbench.executor.TaskExecutor;
import org.fiberbench.measure.LatencyRecorder;
import org.fiberbench.workload.Workload;

/**
 * How tasks arrive in a loop scenario, made by a {@link LoopLoad} for the loop fork: the open pacer
 * or the closed users. It submits on its own threads; the loop driver only cuts intervals and waits.
 */
public interface LoadModel {

    /** Starts submitting on its own threads; returns at once. Stops submitting at {@code t0 + duration}. */
    void start(long t0);

    /**
     * Ends the run early: no task starts at or after {@code nanos} ({@link System#nanoTime}), when that
     * is before the load's own end. For precision on demand, which stops a loop once its interval is narrow.
     */
    void endAt(long nanos);

    /** Tasks handed to the executor so far. */
    long submitted();

    /** Closed model: users currently waiting on a task; open model: 0. */
    int activeUsers();

    /** True when every submitting thread has ended. */
    boolean stopped();

    /**
     * Model-specific counts for {@code latency}, by their results.json key: pacer lag, tasks never
     * submitted, peak in flight. They travel from the loop fork inside the {@code LatencyReport}.
     */
    Map<String, Long> figures();

    /**
     * What a model submits to and records into, so a new model's constructor takes one argument
     * whatever it needs of these.
     *
     * @param seed      seeds randomised arrivals, so a run repeats
     * @param hangNanos how long after the end a submitter keeps waiting for its last task
     */
    record Setup(TaskExecutor executor, Workload workload, LatencyRecorder recorder, long seed, long hangNanos) {
    }
}
