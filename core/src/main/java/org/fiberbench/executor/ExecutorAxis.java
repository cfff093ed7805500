package org.fiberbench.executor;

/**
 * The sizes a sweep varies across executor kinds. Each kind says which it has through
 * {@link ExecutorSpec#with}; {@link #appliesTo()} names them for a sweep that would change nothing.
 */
public enum ExecutorAxis {
    /** Process workers, and the threads of platform:fixed, so both kinds of pool share one axis. */
    WORKERS("workers", "it applies to process:workers=N and platform:fixed=N executors"),
    /** The carriers of a fiberbench-made virtual-thread scheduler. */
    CARRIERS("carriers", "it applies to virtual executors with scheduler=forkjoin|fixed|CLASS"),
    /** Threads of a platform thread pool of fixed size or of a ForkJoinPool. */
    THREADS("threads", "it applies to platform:fixed=N and forkjoin:parallelism=N");

    private final String id;
    private final String appliesTo;

    ExecutorAxis(String id, String appliesTo) {
        this.id = id;
        this.appliesTo = appliesTo;
    }

    public String id() {
        return id;
    }

    /** Which kinds have this axis, for messages. */
    public String appliesTo() {
        return appliesTo;
    }
}
