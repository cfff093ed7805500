package org.fiberbench.executor;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The CPU time of carrier threads of fiberbench-made schedulers, reported by each carrier as it
 * ends. A batch makes and closes its scheduler, so its carriers often live for less than one
 * sampling period: a sampler that only reads live threads would never see most of their work.
 * Each carrier records its own CPU time on its way out, while someone {@link #watch watches};
 * the sampler {@link #drain drains} the records on every tick.
 *
 * <p>Thread-safety: any thread may end and record; one sampler thread drains.
 */
public final class CarrierCpu {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final ConcurrentLinkedQueue<Ended> ENDED = new ConcurrentLinkedQueue<>();
    private static final AtomicInteger WATCHERS = new AtomicInteger();

    /**
     * A carrier that ended.
     *
     * @param threadId its thread id (unique for the JVM's life)
     * @param name     its name ({@code fiberbench-carrier-N})
     * @param cpuNanos the CPU time it used over its whole life
     */
    public record Ended(long threadId, String name, long cpuNanos) {
    }

    private CarrierCpu() {
    }

    /** Starts keeping the records of carriers that end; nothing is kept while nobody watches. */
    public static void watch() {
        WATCHERS.incrementAndGet();
    }

    /** Stops keeping records once the last watcher is gone, and drops what is left. */
    public static void unwatch() {
        if (WATCHERS.decrementAndGet() <= 0) {
            WATCHERS.set(0);
            ENDED.clear();
        }
    }

    /** The carriers that ended since the last call. */
    public static List<Ended> drain() {
        List<Ended> out = new ArrayList<>();
        for (Ended e = ENDED.poll(); e != null; e = ENDED.poll()) {
            out.add(e);
        }
        return out;
    }

    /** Called by a carrier thread as the last thing it does. */
    static void ending() {
        if (WATCHERS.get() > 0 && THREADS.isCurrentThreadCpuTimeSupported()) {
            Thread t = Thread.currentThread();
            ENDED.add(new Ended(t.threadId(), t.getName(), THREADS.getCurrentThreadCpuTime()));
        }
    }
}
