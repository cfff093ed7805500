package org.fiberbench.load;

import java.time.Duration;

/**
 * A load that runs in fiberbench's loop fork for a fixed time: it makes the {@link LoadModel} that
 * submits the tasks and states the figures a latency report gives about its load. A new loop kind
 * is a record that implements this and is named in {@code permits} and in {@link LoadSpec#kinds()}.
 */
public sealed interface LoopLoad extends LoadSpec permits ClosedLoad, OpenLoad {

    /** Measured time, warm-up included. */
    Duration duration();

    /** Time before measurement, excluded from totals; zero when none. */
    Duration warmup();

    /**
     * True when tasks arrive on a schedule that ignores completions (latency counts from each
     * intended start and a rate can be missed: saturation); false when submitters wait for their
     * tasks (closed).
     */
    boolean open();

    /** Requested tasks per second; 0 for a closed load, whose rate is whatever the system gives. */
    double rate();

    /** Concurrent users; 0 for an open load. */
    int users();

    /** How arrivals are spaced, as results.json's {@code latency.timing}: uniform, poisson or closed. */
    String timing();

    /** The model that submits this load's tasks in the loop fork. */
    LoadModel model(LoadModel.Setup setup);
}
