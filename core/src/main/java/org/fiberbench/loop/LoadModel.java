package org.fiberbench.loop;

import java.util.Map;

/** How tasks arrive in a loop scenario: the open pacer or the closed users. */
interface LoadModel {

    /** Starts submitting on its own threads; returns at once. Stops submitting at {@code t0 + duration}. */
    void start(long t0);

    /** Tasks handed to the executor so far. */
    long submitted();

    /** Closed model: users currently waiting on a task; open model: 0. */
    int activeUsers();

    /** True when every submitting thread has ended. */
    boolean stopped();

    /** Model-specific figures for {@code latency}: pacer lag, tasks never submitted, peak in flight. */
    Map<String, Object> figures();
}
