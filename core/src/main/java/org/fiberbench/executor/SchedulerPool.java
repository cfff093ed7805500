package org.fiberbench.executor;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.function.Supplier;

/**
 * The custom schedulers fiberbench made in this JVM, kept between executors. A batch makes a fresh
 * executor each time; its virtual threads are new per batch, but its scheduler is taken from here
 * and given back when the executor closes, so the carriers live for the trial, as the
 * custom-scheduler experiment's pool did (made once in set-up) and as the JDK's own scheduler
 * does. Making a pool of two carriers per batch cost 2.8% of a 100 ms CPU batch (a hand-written
 * JMH benchmark, the same code with the pool per operation and per trial, 3 forks each), against
 * nothing for the pool's own work. A scheduler is given back only when it is idle (no run under
 * way) and has no more carriers than it was made with; otherwise it is shut down, as before. Its
 * balance counters start again from zero when it is taken; the executor that gave it back keeps a
 * copy of its figures ({@link ThreadTaskExecutor#close}). Carriers are daemon threads: what is
 * idle here at exit does not hold the JVM.
 */
final class SchedulerPool {
    /** Idle schedulers kept per spec at most (a few JMH threads each running batches at once). */
    static final int MAX_IDLE = 8;
    private static final Map<VirtualScheduler, ArrayDeque<Pooled>> IDLE = new HashMap<>();

    /** A scheduler, the stats of its carriers, and the carrier count it was made with. */
    record Pooled(VirtualScheduler spec, ExecutorService executor, WorkerStats stats) {
    }

    private SchedulerPool() {
    }

    /** An idle scheduler of {@code spec}, its counters at zero, or a new one from {@code make}. */
    static Pooled take(VirtualScheduler spec, Supplier<Pooled> make) {
        synchronized (IDLE) {
            ArrayDeque<Pooled> idle = IDLE.get(spec);
            Pooled p = idle == null ? null : idle.pollLast();
            if (p != null) {
                p.stats().resetCounters();
                return p;
            }
        }
        return make.get();
    }

    /** Gives {@code p} back for the next executor, or shuts it down when it is not idle, has grown or too many wait. */
    static void give(Pooled p) {
        if (!p.executor().isShutdown() && p.stats().idleWithAtMost(p.spec().carriers())) {
            synchronized (IDLE) {
                ArrayDeque<Pooled> idle = IDLE.computeIfAbsent(p.spec(), k -> new ArrayDeque<>());
                if (idle.size() < MAX_IDLE) {
                    idle.addLast(p);
                    return;
                }
            }
        }
        TaskExecutors.shutdown(p.executor());
    }

    /** Shuts every idle scheduler down (tests; a JVM that exits needs none of this). */
    static void clear() {
        synchronized (IDLE) {
            IDLE.values().forEach(q -> q.forEach(p -> TaskExecutors.shutdown(p.executor())));
            IDLE.clear();
        }
    }

    /** Idle schedulers of {@code spec} (tests). */
    static int idle(VirtualScheduler spec) {
        synchronized (IDLE) {
            ArrayDeque<Pooled> idle = IDLE.get(spec);
            return idle == null ? 0 : idle.size();
        }
    }
}
