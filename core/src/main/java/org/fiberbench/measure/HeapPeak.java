package org.fiberbench.measure;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.lang.management.RuntimeMXBean;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * The peak heap use of a window from the collector's own figures, not from samples. Between two
 * collections the heap's use only grows (allocation), so its maximum over a window is reached either
 * just before a collection or at the window's end: the peak is the largest "used before GC" (summed
 * over the heap pools) that the collections starting in the window report, and the use at the end.
 * Exact for stop-the-world collectors; for concurrent ones (ZGC, Shenandoah, G1's concurrent cycle)
 * the figure before a cycle is its start, which memory freed during the cycle cannot exceed.
 *
 * <p>Summing each pool's {@link MemoryPoolMXBean#getPeakUsage} instead would over-count: eden
 * peaks just before a young collection, the old generation later, and their sum never existed.
 *
 * <p>Thread-safe: notifications arrive on the JDK's notification thread; {@link #reset} and
 * {@link #peak} are called by the controlling thread (and {@code peak} by a {@code /stats} reader).
 */
final class HeapPeak implements NotificationListener {
    /** How long {@link #peak} waits for the notifications of collections that already ended. */
    private static final long NOTIFICATION_WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

    private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    private final RuntimeMXBean runtime = ManagementFactory.getRuntimeMXBean();
    private final List<GarbageCollectorMXBean> gcs = ManagementFactory.getGarbageCollectorMXBeans();
    private final Set<String> heapPools = ManagementFactory.getMemoryPoolMXBeans().stream()
            .filter(p -> p.getType() == MemoryType.HEAP).map(MemoryPoolMXBean::getName).collect(Collectors.toSet());
    private final AtomicLong peak = new AtomicLong();
    private final AtomicLong notified = new AtomicLong();
    /** Collections counted that no notification is awaited for (before the listener, or never notified). */
    private volatile long unnotified;
    /** JVM uptime (ms) at the last reset: collections that started before belong to the previous window. */
    private volatile long windowStartUptimeMs;

    private HeapPeak() {
        unnotified = collections();
    }

    /** Starts listening to every collector; the window starts now. */
    static HeapPeak start() {
        HeapPeak h = new HeapPeak();
        for (GarbageCollectorMXBean gc : h.gcs) {
            if (gc instanceof NotificationEmitter e) {
                e.addNotificationListener(h, null, null);
            }
        }
        h.reset();
        return h;
    }

    /** Starts a new window: its peak so far is the heap in use now. */
    void reset() {
        windowStartUptimeMs = runtime.getUptime();
        peak.set(memory.getHeapMemoryUsage().getUsed());
    }

    /**
     * The window's peak heap use up to now, in bytes. Waits (bounded) for the notifications of
     * collections that have ended, as the JDK delivers them on its own thread shortly after.
     */
    long peak() {
        long deadline = System.nanoTime() + NOTIFICATION_WAIT_NANOS;
        long missing;
        while ((missing = collections() - unnotified - notified.get()) > 0) {
            if (System.nanoTime() >= deadline) {
                unnotified += missing; // a collector that counts without notifying: never wait for it again
                break;
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
        return peak.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
    }

    @Override
    public void handleNotification(Notification n, Object handback) {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
            return;
        }
        GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
        if (info.getGcInfo().getStartTime() >= windowStartUptimeMs) {
            peak.accumulateAndGet(heapUsed(info.getGcInfo().getMemoryUsageBeforeGc()), Math::max);
        }
        notified.incrementAndGet();
    }

    private long heapUsed(Map<String, MemoryUsage> byPool) {
        long used = 0;
        for (Map.Entry<String, MemoryUsage> e : byPool.entrySet()) {
            if (heapPools.contains(e.getKey())) {
                used += e.getValue().getUsed();
            }
        }
        return used;
    }

    private long collections() {
        long n = 0;
        for (GarbageCollectorMXBean gc : gcs) {
            n += Math.max(0, gc.getCollectionCount());
        }
        return n;
    }

    /** Stops listening. */
    void close() {
        for (GarbageCollectorMXBean gc : gcs) {
            if (gc instanceof NotificationEmitter e) {
                try {
                    e.removeNotificationListener(this);
                } catch (ListenerNotFoundException ignored) {
                    // never added: nothing to remove
                }
            }
        }
    }
}
