package org.fiberbench.executor;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.fiberbench.workload.Workload;

/**
 * Seed 004's process pool: N worker JVMs fed over pipes. {@code dispatch=shared}: the parent keeps
 * one queue and hands the next task to a worker when it answers (workers pull when free), with at
 * most {@link #depth} tasks outstanding per worker. {@code dispatch=static}: task k goes to worker
 * k mod N as it is submitted, whatever that worker is doing — the seed's design, whose imbalance
 * the workers section shows. Completions run on the worker's reader thread; start is the moment
 * the task was written to the worker.
 *
 * <p>Thread-safety: {@link #submit} may be called from any thread. The dispatch lock guards only
 * the shared queue and the per-worker credits; pipe writes happen outside it, under the worker's
 * own lock. No {@code synchronized}: callers may be virtual threads.
 */
final class ProcessTaskExecutor implements TaskExecutor, WorkerProcess.Owner {
    /** Tasks outstanding per worker under shared dispatch; 1 = pure pull. */
    static final String DEPTH_PROPERTY = "fiberbench.process.depth";
    private static final long CLOSE_TIMEOUT_S = 30;

    private final ProcessExecutorSpec spec;
    private final boolean shared;
    private final int depth;
    private final List<WorkerProcess> workers;
    private final WorkerStats stats = WorkerStats.ofTasks();
    /** Per worker, by index; each is updated only by its worker's reader thread. */
    private final WorkerCounters[] balance;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition drained = lock.newCondition();
    private final ArrayDeque<ProcessTask> queue = new ArrayDeque<>();
    private final int[] credits;
    private final boolean[] alive;
    private final AtomicLong outstanding = new AtomicLong();
    private int next;
    private boolean closed;

    ProcessTaskExecutor(ProcessExecutorSpec spec) {
        this.spec = spec;
        this.shared = spec.dispatch() == ProcessExecutorSpec.Dispatch.SHARED;
        this.depth = Math.max(1, Integer.getInteger(DEPTH_PROPERTY, 1));
        this.workers = ProcessWorkerPool.acquire(spec.workers());
        this.credits = new int[workers.size()];
        this.alive = new boolean[workers.size()];
        this.balance = new WorkerCounters[workers.size()];
        for (int i = 0; i < workers.size(); i++) {
            workers.get(i).assign(this, "worker-" + i);
            balance[i] = stats.register("worker-" + i);
            credits[i] = depth;
            alive[i] = true;
        }
    }

    @Override
    public void submit(Workload workload, long seq, Completion done) {
        outstanding.incrementAndGet();
        place(new ProcessTask(workload, seq, done), true);
    }

    /**
     * Sends the task to a worker now, or queues it until one has room (shared dispatch). A task
     * placed again after its worker died is not refused by a close under way.
     */
    private void place(ProcessTask t, boolean fresh) {
        WorkerProcess target;
        lock.lock();
        try {
            if (closed && fresh) {
                target = null;
            } else if (shared) {
                target = takeCredit();
                if (target == null && anyAlive()) {
                    queue.add(t);
                    return;
                }
            } else {
                target = workers.get(next);
                next = (next + 1) % workers.size();
            }
        } finally {
            lock.unlock();
        }
        dispatch(target, t);
    }

    /** The next worker with room, round-robin from the last one chosen; null when all are full. */
    private WorkerProcess takeCredit() {
        for (int k = 0; k < workers.size(); k++) {
            int i = (next + k) % workers.size();
            if (alive[i] && credits[i] > 0) {
                credits[i]--;
                next = (i + 1) % workers.size();
                return workers.get(i);
            }
        }
        return null;
    }

    private boolean anyAlive() {
        for (boolean a : alive) {
            if (a) {
                return true;
            }
        }
        return false;
    }

    private void dispatch(WorkerProcess w, ProcessTask t) {
        if (w == null) {
            fail(t, closed ? "the process executor is closed" : "no live worker left in " + spec.canonical());
        } else if (!w.send(t)) {
            if (shared) {
                // the worker died after it was chosen, before its reader said so: another one takes the task
                retire(w);
                place(t, false);
            } else {
                fail(t, w.name() + " (pid " + w.pid() + ") is dead; task not run");
            }
        }
    }

    /** Takes a dead worker out of the shared rotation. */
    private void retire(WorkerProcess w) {
        lock.lock();
        try {
            retireLocked(workers.indexOf(w));
        } finally {
            lock.unlock();
        }
    }

    /** Takes worker {@code i} out of the shared rotation; the caller holds the lock. */
    private void retireLocked(int i) {
        alive[i] = false;
        credits[i] = 0;
    }

    private void fail(ProcessTask t, String reason) {
        t.complete(System.nanoTime(), new IllegalStateException(reason));
        taskDone();
    }

    private void taskDone() {
        if (outstanding.decrementAndGet() == 0) {
            lock.lock();
            try {
                drained.signalAll();
            } finally {
                lock.unlock();
            }
        }
    }

    @Override
    public void finished(WorkerProcess w, ProcessTask t, long busyNanos, Throwable error) {
        long end = System.nanoTime();
        int i = workers.indexOf(w);
        if (shared) {
            ProcessTask more;
            lock.lock();
            try {
                more = queue.poll();
                if (more == null) {
                    credits[i]++;
                }
            } finally {
                lock.unlock();
            }
            if (more != null) {
                // keep the worker busy first; the completion can wait a few microseconds
                dispatch(w, more);
            }
        }
        balance[i].taskRan(busyNanos);
        t.complete(end, error);
        taskDone();
    }

    @Override
    public void died(WorkerProcess w, List<ProcessTask> inFlight, String reason) {
        List<ProcessTask> orphans = new ArrayList<>(inFlight);
        lock.lock();
        try {
            retireLocked(workers.indexOf(w));
            if (!anyAlive()) {
                orphans.addAll(queue);
                queue.clear();
            }
        } finally {
            lock.unlock();
        }
        for (ProcessTask t : orphans) {
            fail(t, reason);
        }
    }

    @Override
    public ExecutorSpec spec() {
        return spec;
    }

    @Override
    public WorkerStats workerStats() {
        return stats;
    }

    /** PIDs the workers reported about themselves. */
    List<Long> workerPids() {
        return workers.stream().map(WorkerProcess::reportedPid).toList();
    }

    /**
     * Waits (bounded) for every submitted task, then gives the live workers back to the pool. A
     * worker still busy after the bound hangs: it is killed, which fails its tasks.
     */
    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            long left = TimeUnit.SECONDS.toNanos(CLOSE_TIMEOUT_S);
            while (outstanding.get() > 0 && left > 0) {
                left = drained.awaitNanos(left);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            lock.unlock();
        }
        List<ProcessTask> unsent;
        lock.lock();
        try {
            unsent = new ArrayList<>(queue);
            queue.clear();
        } finally {
            lock.unlock();
        }
        unsent.forEach(t -> fail(t, "not run: the process executor closed while it was queued"));
        for (WorkerProcess w : workers) {
            if (w.isIdle() && w.isAlive()) {
                ProcessWorkerPool.release(w);
            } else {
                ProcessWorkerPool.stop(w);
            }
        }
    }
}
