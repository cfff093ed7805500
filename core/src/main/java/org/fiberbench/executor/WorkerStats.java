package org.fiberbench.executor;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Predicate;

/**
 * Tasks and busy time per worker — a platform thread, a worker process, or a carrier thread of a
 * virtual-thread scheduler — and imbalance = max busy / mean busy (1.0 = perfectly even). What
 * "busy" is depends on the executor ({@link Busy}); for a carrier it never includes the time its
 * virtual threads spent unmounted.
 *
 * <p>Thread-safety: workers register once (a queue add, or one identity-keyed map insert for a
 * thread fiberbench did not make) and then update their own {@link WorkerCounters} with no lock
 * and no allocation. Reading ({@link #snapshot}, {@link #section}) and {@link #addAll} may run on
 * any thread at any time; {@link #addAll} and {@link #reset} are for a totals object that only
 * collects other stats, and take map updates per call, never per task.
 */
public final class WorkerStats {
    /** What a worker's busy time measures. */
    public enum Busy {
        /** Each task's time, start to end, on the worker that ran it (platform threads, inline, worker processes). */
        TASK_TIME,
        /** The time virtual threads were mounted on the carrier: the sum of its continuation runs. */
        MOUNTED_TIME,
        /** The carrier's CPU time while the executor used it (schedulers fiberbench cannot time per mount). */
        CPU_TIME;

        /** The name used in results: {@code task_time}, {@code mounted_time}, {@code cpu_time}. */
        public String key() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** Bound on waiting for the last runs: they take microseconds; a carrier stuck in a run is not waited for. */
    private static final long MOUNT_WAIT_NANOS = 1_000_000_000L;

    private final Busy busy;
    private final ConcurrentLinkedQueue<WorkerCounters> workers = new ConcurrentLinkedQueue<>();
    /** Counters of threads fiberbench did not make (inline callers, other schedulers' carriers), by identity. */
    private final ConcurrentHashMap<Thread, WorkerCounters> byThread = new ConcurrentHashMap<>();
    /** CPU_TIME without a way to name the current carrier: the carriers are enumerated with this instead. */
    private final Predicate<Thread> enumerated;
    private final boolean carrierKnown;
    /** Totals added from other stats: name → {tasks, runs, busy ns, additions with tasks unknown}. */
    private final ConcurrentHashMap<String, LongAdder[]> totals = new ConcurrentHashMap<>();
    private volatile Busy totalsBusy;

    private WorkerStats(Busy busy, Predicate<Thread> carriers, boolean carrierKnown) {
        this.busy = busy;
        this.carrierKnown = carrierKnown;
        this.enumerated = carriers != null && !carrierKnown ? carriers : null;
        if (enumerated != null) {
            Carriers.alive(enumerated).forEach(t -> byThread.computeIfAbsent(t, k -> register(k, Carriers.cpuNanos(k))));
        }
    }

    /** Totals of other stats, filled by {@link #addAll}. */
    public WorkerStats() {
        this(null, null, true);
    }

    /** Workers are threads that run whole tasks; busy is task time. */
    static WorkerStats ofTasks() {
        return new WorkerStats(Busy.TASK_TIME, null, true);
    }

    /** Workers are carriers whose mounts are timed: {@link #register} them, the scheduler times each run. */
    static WorkerStats ofMounts() {
        return new WorkerStats(Busy.MOUNTED_TIME, null, Carriers.known());
    }

    /** Workers are the carriers {@code carriers} accepts; busy is their CPU time from the first task seen on each. */
    static WorkerStats ofCarrierCpu(Predicate<Thread> carriers) {
        return ofCarrierCpu(carriers, Carriers.known());
    }

    /** As above; {@code carrierKnown=false} is what a JVM without {@code --add-opens java.base/java.lang} gets. */
    static WorkerStats ofCarrierCpu(Predicate<Thread> carriers, boolean carrierKnown) {
        return new WorkerStats(Busy.CPU_TIME, carriers, carrierKnown);
    }

    /** What busy means here (for totals: what it meant in the stats added), or null for empty totals. */
    public Busy busy() {
        return busy != null ? busy : totalsBusy;
    }

    /** Registers a worker fiberbench made (a pool thread, a worker process); once per worker. */
    WorkerCounters register(String name) {
        WorkerCounters c = new WorkerCounters(this, name, null, 0);
        workers.add(c);
        return c;
    }

    /**
     * Called by the thread about to run a task. Returns the counters to charge the task's time to
     * (task-time stats), or null when busy time is counted per mount or as CPU — then the task is
     * only counted on its carrier, if the carrier can be named.
     */
    WorkerCounters taskStarting() {
        if (busy == Busy.TASK_TIME) {
            return of(Thread.currentThread());
        }
        Thread carrier = carrierKnown ? Carriers.current() : null;
        if (carrier != null) {
            of(carrier).taskStarted();
        }
        return null;
    }

    /** The counters of {@code t}: its own field if fiberbench made it for these stats, else by identity, registered on first sight. */
    WorkerCounters of(Thread t) {
        if (t instanceof WorkerThreads.Worker w && w.counters().owner == this) {
            return w.counters();
        }
        WorkerCounters c = byThread.get(t);
        return c != null ? c : byThread.computeIfAbsent(t, k -> register(k, busy == Busy.CPU_TIME ? Carriers.cpuNanos(k) : 0));
    }

    private WorkerCounters register(Thread t, long cpuStart) {
        WorkerCounters c = busy == Busy.CPU_TIME
                ? new WorkerCounters(this, t.getName(), t, Math.max(0, cpuStart))
                : new WorkerCounters(this, t.getName(), null, 0);
        workers.add(c);
        return c;
    }

    /**
     * Called once the executor's threads have ended, before their scheduler is shut down: waits
     * (briefly, bounded) for the carriers to finish the runs under way — a virtual thread ends
     * inside its last run, so that run may still be uncounted — and ends the CPU window of every
     * carrier while it is alive to be read.
     */
    void closeWindow() {
        if (busy == Busy.MOUNTED_TIME) { // only timed mounts are ever under way
            long deadline = System.nanoTime() + MOUNT_WAIT_NANOS;
            while (anyMounted() && System.nanoTime() < deadline) {
                LockSupport.parkNanos(50_000);
            }
        }
        addEnumerated();
        if (busy == Busy.CPU_TIME) {
            for (WorkerCounters c : workers) {
                c.closeCpuWindow();
            }
        }
    }

    private boolean anyMounted() {
        for (WorkerCounters c : workers) {
            if (c.mounted()) {
                return true;
            }
        }
        return false;
    }

    /** Whether no run is under way and at most {@code n} workers have registered (a scheduler that can be reused as it is). */
    boolean idleWithAtMost(int n) {
        return workers.size() <= n && !anyMounted();
    }

    /** Zeroes every worker's counts: a pooled scheduler taken by the next executor ({@link SchedulerPool}). */
    void resetCounters() {
        workers.forEach(WorkerCounters::reset);
    }

    /** A copy of these figures that later counting does not change (totals of this one stats object). */
    WorkerStats frozen() {
        WorkerStats copy = new WorkerStats();
        copy.addAll(this);
        return copy;
    }

    /** Carriers born since the last enumeration used no CPU before the window: they start from 0. */
    private void addEnumerated() {
        if (enumerated != null) {
            for (Thread t : Carriers.alive(enumerated)) {
                byThread.computeIfAbsent(t, k -> register(k, 0));
            }
        }
    }

    /**
     * Adds every worker's figures from {@code other}, by worker name (e.g. the executors of several
     * batches). Runs inside the measured batch, so it reads the counters as they are, with no snapshot.
     */
    public void addAll(WorkerStats other) {
        if (totalsBusy == null) {
            totalsBusy = other.busy();
        }
        if (other.busy == null) {
            other.snapshot().forEach((name, w) -> add(name, w.tasks() != null ? w.tasks() : -1,
                    w.runs() != null ? w.runs() : 0, Math.round(w.busyMs() * 1e6)));
            return;
        }
        other.addEnumerated();
        boolean tasksKnown = other.busy == Busy.TASK_TIME || other.carrierKnown;
        boolean runs = other.busy == Busy.MOUNTED_TIME;
        for (WorkerCounters c : other.workers) {
            add(c.name, tasksKnown ? c.tasks() : -1, runs ? c.runs() : 0, c.busyNanos());
        }
    }

    /** Adds one worker's figures to the totals; {@code tasks} < 0 when unknown. */
    private void add(String name, long tasks, long runs, long busyNanos) {
        LongAdder[] t = totals.computeIfAbsent(name, k -> new LongAdder[] {new LongAdder(), new LongAdder(), new LongAdder(), new LongAdder()});
        if (tasks >= 0) {
            t[0].add(tasks);
        } else {
            t[3].increment();
        }
        t[1].add(runs);
        t[2].add(busyNanos);
    }

    /** Forgets the totals added so far. */
    public void reset() {
        totals.clear();
    }

    /** worker name → its tasks (null when unknown), runs (carriers timed per mount) and busy ms, sorted by name. */
    public Map<String, WorkerFigures.Worker> snapshot() {
        Map<String, WorkerFigures.Worker> out = new LinkedHashMap<>();
        if (busy == null) {
            new TreeMap<>(totals).forEach((name, t) ->
                    out.put(name, entry(t[3].sum() > 0 ? -1 : t[0].sum(), t[1].sum(), t[2].sum())));
            return out;
        }
        addEnumerated();
        Map<String, long[]> sums = new TreeMap<>();
        for (WorkerCounters c : workers) {
            long[] s = sums.computeIfAbsent(c.name, k -> new long[3]);
            s[0] += c.tasks();
            s[1] += c.runs();
            s[2] += c.busyNanos();
        }
        boolean tasksKnown = busy == Busy.TASK_TIME || carrierKnown;
        sums.forEach((name, s) -> out.put(name, entry(tasksKnown ? s[0] : -1, s[1], s[2])));
        return out;
    }

    private WorkerFigures.Worker entry(long tasks, long runs, long busyNanos) {
        return new WorkerFigures.Worker(tasks < 0 ? null : tasks, busy() == Busy.MOUNTED_TIME ? runs : null, busyNanos / 1e6);
    }

    /** Max busy / mean busy over the workers of {@code snapshot}; NaN without workers or busy time. */
    public static double imbalance(Map<String, WorkerFigures.Worker> snapshot) {
        List<Double> busy = snapshot.values().stream().map(WorkerFigures.Worker::busyMs).toList();
        double max = busy.stream().mapToDouble(Double::doubleValue).max().orElse(0);
        double mean = busy.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        return mean == 0 ? Double.NaN : max / mean;
    }

    public double imbalance() {
        return imbalance(snapshot());
    }

    /** The results' {@code workers} section, one snapshot for the imbalance, the busy kind and the workers. */
    public WorkerFigures section() {
        Map<String, WorkerFigures.Worker> by = snapshot();
        double imbalance = imbalance(by);
        return new WorkerFigures(Double.isNaN(imbalance) ? null : Math.round(imbalance * 1000) / 1000.0,
                busy() == null ? null : busy().key(), by);
    }
}
