package org.fiberbench.executor;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The worker JVMs of this JVM. A process executor takes workers from here and gives the live ones
 * back on close, so a benchmark that makes a fresh executor per batch pays the JVM start-up (and
 * the workers' JIT warm-up) once per fork, not once per batch — as the seed's pool was built
 * before its timer started. Workers still running at exit are stopped by a shutdown hook; if this
 * JVM is killed outright, each worker sees its stdin close and exits by itself.
 */
final class ProcessWorkerPool {
    private static final ReentrantLock LOCK = new ReentrantLock();
    private static final ArrayDeque<WorkerProcess> IDLE = new ArrayDeque<>();
    private static final Set<WorkerProcess> ALL = ConcurrentHashMap.newKeySet();
    private static boolean hooked;
    /** Set by the shutdown hook: from then on no worker is started. */
    private static boolean stopping;
    /** {@code {event, library}} while the workers' measured window is profiled, else null. */
    private static volatile String[] profiling;
    private static final long CONTROL_TIMEOUT_MS = 60_000;

    private ProcessWorkerPool() {
    }

    /** n live workers: idle ones first, the rest started in parallel and awaited. */
    static List<WorkerProcess> acquire(int n) {
        List<WorkerProcess> out = new ArrayList<>(n);
        LOCK.lock();
        try {
            if (stopping) {
                // a batch still running while this JVM exits (Ctrl-C) must not start workers nobody stops
                throw new IllegalStateException("this JVM is shutting down: no new process-pool worker");
            }
            if (!hooked) {
                Runtime.getRuntime().addShutdownHook(new Thread(ProcessWorkerPool::shutdown, "fiberbench-workers-stop"));
                hooked = true;
            }
            while (out.size() < n && !IDLE.isEmpty()) {
                WorkerProcess w = IDLE.poll();
                if (w.isAlive()) {
                    out.add(w);
                } else {
                    stop(w);
                }
            }
        } finally {
            LOCK.unlock();
        }
        List<WorkerProcess> started = new ArrayList<>();
        try {
            while (out.size() + started.size() < n) {
                WorkerProcess w = WorkerProcess.start();
                ALL.add(w);
                started.add(w);
            }
            for (WorkerProcess w : started) {
                w.awaitReady();
                String[] p = profiling;
                if (p != null) {
                    // a worker started in the middle of a profiled window joins the profile
                    w.control(String.join("\t", "P", "start", p[0], p[1]), CONTROL_TIMEOUT_MS);
                }
            }
        } catch (RuntimeException e) {
            started.forEach(ProcessWorkerPool::stop);
            out.forEach(ProcessWorkerPool::release);
            throw e;
        }
        out.addAll(started);
        return out;
    }

    /** PIDs of this JVM's live worker processes, busy or idle. */
    static List<Long> pids() {
        return ALL.stream().map(WorkerProcess::pid).toList();
    }

    /**
     * Starts async-profiler with {@code event} in every worker, and in every worker started until
     * {@link #stopProfiling}.
     */
    static void startProfiling(String event, String library) {
        profiling = new String[] {event, library};
        for (WorkerProcess w : List.copyOf(ALL)) {
            w.control(String.join("\t", "P", "start", event, library), CONTROL_TIMEOUT_MS);
        }
    }

    /**
     * Stops the workers' profiles and has each write {@code <prefix>-<k>.collapsed} and
     * {@code <prefix>-<k>.html} (workers ordered by pid); returns the collapsed files written.
     */
    static List<Path> stopProfiling(Path prefix) {
        profiling = null;
        List<Path> written = new ArrayList<>();
        List<WorkerProcess> workers = ALL.stream().sorted(java.util.Comparator.comparingLong(WorkerProcess::pid)).toList();
        for (int k = 0; k < workers.size(); k++) {
            Path collapsed = Path.of(prefix + "-" + k + ".collapsed");
            String answer = workers.get(k).control(String.join("\t", "P", "stop", collapsed.toString(),
                    prefix + "-" + k + ".html"), CONTROL_TIMEOUT_MS);
            if (answer.startsWith("ok") && Files.isRegularFile(collapsed)) {
                written.add(collapsed);
            }
        }
        return written;
    }

    /** Gives a worker back: kept when alive and idle, stopped otherwise. */
    static void release(WorkerProcess w) {
        w.assign(null, "idle");
        if (!w.isAlive() || !w.isIdle()) {
            stop(w);
            return;
        }
        LOCK.lock();
        try {
            IDLE.add(w);
        } finally {
            LOCK.unlock();
        }
    }

    /** Stops the idle workers now (tests, and callers that want no process left). */
    static void stopIdle() {
        List<WorkerProcess> idle;
        LOCK.lock();
        try {
            idle = new ArrayList<>(IDLE);
            IDLE.clear();
        } finally {
            LOCK.unlock();
        }
        stopGracefully(idle);
    }

    /** The shutdown hook: no worker starts from now on, and every worker is stopped. */
    private static void shutdown() {
        LOCK.lock();
        try {
            stopping = true;
        } finally {
            LOCK.unlock();
        }
        stopAll();
    }

    static void stopAll() {
        LOCK.lock();
        try {
            IDLE.clear();
        } finally {
            LOCK.unlock();
        }
        stopGracefully(new ArrayList<>(ALL));
    }

    /**
     * Tells the workers to quit (queued tasks dropped, workloads closed, so their files go), waits
     * up to 5 s in all, then ends what is left: SIGTERM first, whose shutdown hooks still remove
     * the files, SIGKILL last.
     */
    private static void stopGracefully(List<WorkerProcess> workers) {
        workers.forEach(WorkerProcess::quit);
        awaitExit(workers, 5);
        workers.forEach(w -> w.process().destroy());
        awaitExit(workers, 2);
        workers.forEach(ProcessWorkerPool::stop);
    }

    private static void awaitExit(List<WorkerProcess> workers, long seconds) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        for (WorkerProcess w : workers) {
            try {
                w.process().waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Kills a worker and forgets it; waits for it to be gone so no zombie or orphan remains. */
    static void stop(WorkerProcess w) {
        ALL.remove(w);
        if (w.process().isAlive()) {
            // a worker stopped while busy (a hanging task): quit, then SIGTERM so its hooks remove its files
            w.quit();
            awaitExit(List.of(w), 1);
            w.process().destroy();
            awaitExit(List.of(w), 2);
        }
        w.kill();
        try {
            w.process().waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
