package org.fiberbench.executor;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Tasks run and busy time per worker: a platform thread, the carrier of a virtual thread, or a
 * worker process. Thread-safe; each worker's counters are {@link LongAdder}s so recording takes no
 * lock. Imbalance is max busy / mean busy (1.0 = perfectly even).
 */
public final class WorkerStats {
    private final ConcurrentHashMap<String, LongAdder[]> byWorker = new ConcurrentHashMap<>();

    public void record(String worker, long busyNanos) {
        LongAdder[] c = byWorker.computeIfAbsent(worker, k -> new LongAdder[] {new LongAdder(), new LongAdder()});
        c[0].increment();
        c[1].add(busyNanos);
    }

    /** Adds every worker's counts from {@code other} (e.g. the executors of several batches). */
    public void addAll(WorkerStats other) {
        other.byWorker.forEach((name, c) -> {
            LongAdder[] mine = byWorker.computeIfAbsent(name, k -> new LongAdder[] {new LongAdder(), new LongAdder()});
            mine[0].add(c[0].sum());
            mine[1].add(c[1].sum());
        });
    }

    public void reset() {
        byWorker.clear();
    }

    /** worker name → {tasks, busy_ms}, sorted by name. */
    public Map<String, Map<String, Object>> snapshot() {
        Map<String, Map<String, Object>> out = new LinkedHashMap<>();
        byWorker.keySet().stream().sorted().forEach(k -> {
            LongAdder[] c = byWorker.get(k);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("tasks", c[0].sum());
            m.put("busy_ms", c[1].sum() / 1e6);
            out.put(k, m);
        });
        return out;
    }

    public double imbalance() {
        if (byWorker.isEmpty()) {
            return Double.NaN;
        }
        double max = 0;
        double sum = 0;
        for (LongAdder[] c : byWorker.values()) {
            long b = c[1].sum();
            max = Math.max(max, b);
            sum += b;
        }
        double mean = sum / byWorker.size();
        return mean == 0 ? Double.NaN : max / mean;
    }

    /** The name of the worker running the current thread: the carrier for a virtual thread. */
    public static String currentWorker() {
        Thread t = Thread.currentThread();
        if (!t.isVirtual()) {
            return t.getName();
        }
        // VirtualThread.toString() is "VirtualThread[#id]/runnable@carrier-name"
        String s = t.toString();
        int at = s.lastIndexOf('@');
        return at < 0 ? "unmounted" : s.substring(at + 1);
    }
}
