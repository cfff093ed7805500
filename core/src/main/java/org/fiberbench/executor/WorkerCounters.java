package org.fiberbench.executor;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The balance counters of one worker: tasks started, runs (mounts of virtual threads on a
 * carrier) and busy nanoseconds, or the CPU-time window of a carrier whose busy time is its CPU.
 *
 * <p>Thread-safety: SINGLE WRITER. Only code running on the worker's own OS thread updates the
 * counters (the worker thread, a virtual thread mounted on the carrier, or the one reader thread
 * of a worker process); that is what keeps an update to a plain add and a release store, with no
 * lock, no CAS and no allocation. Any thread may read them; a read taken while the worker runs
 * may miss the update in progress.
 */
final class WorkerCounters {
    private static final VarHandle TASKS;
    private static final VarHandle RUNS;
    private static final VarHandle BUSY;
    private static final VarHandle MOUNT_START;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            TASKS = l.findVarHandle(WorkerCounters.class, "tasks", long.class);
            RUNS = l.findVarHandle(WorkerCounters.class, "runs", long.class);
            BUSY = l.findVarHandle(WorkerCounters.class, "busyNanos", long.class);
            MOUNT_START = l.findVarHandle(WorkerCounters.class, "mountStart", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final String name;
    final WorkerStats owner;
    /** For a busy time that is CPU time: the thread whose CPU counts, else null. */
    final Thread cpuThread;
    /** Its CPU time when the window opened (first seen, or 0 for a thread born inside the window). */
    final long cpuStart;
    private long tasks;
    private long runs;
    private long busyNanos;
    /** Its CPU time when the window closed, or -1 while it is open. Written by the closing thread. */
    private volatile long cpuEnd = -1;
    /** When the current mount began, 0 between mounts; written by the carrier's own thread only. */
    private long mountStart;

    WorkerCounters(WorkerStats owner, String name, Thread cpuThread, long cpuStart) {
        this.owner = owner;
        this.name = name;
        this.cpuThread = cpuThread;
        this.cpuStart = cpuStart;
    }

    /** A task began on this worker (its time is counted elsewhere: mounts or CPU). */
    void taskStarted() {
        TASKS.setRelease(this, tasks + 1);
    }

    /** A task ran here for {@code nanos}, start to end: the busy time of a thread that runs whole tasks. */
    void taskRan(long nanos) {
        TASKS.setRelease(this, tasks + 1);
        BUSY.setRelease(this, busyNanos + nanos);
    }

    /** A virtual thread is mounted on this carrier from {@code now}. */
    void mountBegins(long now) {
        MOUNT_START.setRelease(this, now);
    }

    /** The mount that began at {@link #mountBegins} ends {@code now}: one continuation run. */
    void mountEnds(long now) {
        RUNS.setRelease(this, runs + 1);
        BUSY.setRelease(this, busyNanos + (now - mountStart));
        MOUNT_START.setRelease(this, 0L);
    }

    /**
     * Zeroes the counts. Only while no thread runs on this worker (a pooled scheduler between two
     * executors): the single writer is then idle, and the next executor's first task reaches the
     * carrier through a queue hand-off after this.
     */
    void reset() {
        TASKS.setRelease(this, 0L);
        RUNS.setRelease(this, 0L);
        BUSY.setRelease(this, 0L);
    }

    /** True while a mount is under way (for a reader waiting for the last runs to be counted). */
    boolean mounted() {
        return (long) MOUNT_START.getAcquire(this) != 0;
    }

    long tasks() {
        return (long) TASKS.getAcquire(this);
    }

    long runs() {
        return (long) RUNS.getAcquire(this);
    }

    /** Busy nanoseconds: counted time, or the CPU time used in the window (to now while it is open). */
    long busyNanos() {
        if (cpuThread == null) {
            return (long) BUSY.getAcquire(this);
        }
        long end = cpuEnd >= 0 ? cpuEnd : Carriers.cpuNanos(cpuThread);
        return end < 0 ? 0 : Math.max(0, end - cpuStart); // a carrier that ended unseen: its CPU is unknown
    }

    /** Closes the CPU window at the carrier's CPU time now (while it is still alive to be read). */
    void closeCpuWindow() {
        if (cpuThread != null && cpuEnd < 0) {
            cpuEnd = Math.max(Carriers.cpuNanos(cpuThread), cpuStart);
        }
    }
}
