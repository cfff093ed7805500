package org.fiberbench.executor;

/** The kinds whose tasks run on virtual threads: what observers need to know is whose carriers those are. */
public sealed interface OnVirtualThreads extends ExecutorSpec permits VirtualExecutorSpec, VirtualPoolExecutorSpec {

    /** The scheduler the virtual threads run on. */
    VirtualScheduler scheduler();
}
