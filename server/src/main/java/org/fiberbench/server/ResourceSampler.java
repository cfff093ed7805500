package org.fiberbench.server;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The server's own resource timeline (seed 003's VisualVM view: threads, CPU, heap, GC), sampled
 * every {@link #INTERVAL_MS} ms by one daemon platform thread. Thread-safe: the sampler thread
 * appends and readers copy under one lock (a {@code ReentrantLock}: {@code /stats} may run on a
 * virtual thread); no request but {@code /stats} ever touches it.
 */
final class ResourceSampler implements AutoCloseable {
    static final int INTERVAL_MS = 100;
    /** One hour at 100 ms; later samples are dropped so a forgotten server cannot grow without bound. */
    static final int MAX_SAMPLES = 36_000;
    private static final long TICKS_PER_S = 100; // USER_HZ on Linux

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    private final List<GarbageCollectorMXBean> gcs = ManagementFactory.getGarbageCollectorMXBeans();
    private final long t0 = System.nanoTime();
    private final List<Map<String, Object>> timeline = new ArrayList<>();
    private final ReentrantLock lock = new ReentrantLock();
    private final Thread thread;
    private volatile boolean stopped;

    ResourceSampler() {
        thread = Thread.ofPlatform().daemon().name("fiberbench-server-sampler").unstarted(this::loop);
        thread.start();
    }

    private void loop() {
        while (!stopped) {
            Map<String, Object> s = sample();
            lock.lock();
            try {
                if (timeline.size() < MAX_SAMPLES) {
                    timeline.add(s);
                }
            } finally {
                lock.unlock();
            }
            try {
                Thread.sleep(INTERVAL_MS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    Map<String, Object> sample() {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("t_ms", (System.nanoTime() - t0) / 1_000_000);
        s.put("threads", threads.getThreadCount());
        long[] cpu = procCpuMs();
        s.put("cpu_user_ms", cpu[0]);
        s.put("cpu_sys_ms", cpu[1]);
        s.put("heap_used_bytes", memory.getHeapMemoryUsage().getUsed());
        long count = 0;
        long time = 0;
        for (GarbageCollectorMXBean gc : gcs) {
            count += Math.max(0, gc.getCollectionCount());
            time += Math.max(0, gc.getCollectionTime());
        }
        s.put("gc_count", count);
        s.put("gc_time_ms", time);
        s.put("rss_bytes", rssBytes());
        return s;
    }

    /** The whole timeline and its summary, in results-format's {@code resources} shape. */
    Map<String, Object> snapshot(boolean withTimeline) {
        List<Map<String, Object>> copy;
        lock.lock();
        try {
            copy = new ArrayList<>(timeline);
        } finally {
            lock.unlock();
        }
        copy.add(sample());
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("threads_peak", threads.getPeakThreadCount());
        Map<String, Object> last = copy.get(copy.size() - 1);
        summary.put("cpu_user_ms", last.get("cpu_user_ms"));
        summary.put("cpu_sys_ms", last.get("cpu_sys_ms"));
        summary.put("heap_peak_bytes", copy.stream().mapToLong(m -> (Long) m.get("heap_used_bytes")).max().orElse(0));
        summary.put("gc_count", last.get("gc_count"));
        summary.put("gc_time_ms", last.get("gc_time_ms"));
        summary.put("rss_peak_bytes", copy.stream().mapToLong(m -> (Long) m.get("rss_bytes")).max().orElse(0));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("interval_ms", INTERVAL_MS);
        out.put("summary", summary);
        if (withTimeline) {
            out.put("timeline", copy);
        }
        return out;
    }

    /** utime and stime of this process from /proc/self/stat, in ms; {-1, -1} off Linux. */
    static long[] procCpuMs() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            // fields after the parenthesised command name; utime and stime are fields 14 and 15
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return new long[] {Long.parseLong(f[11]) * 1000 / TICKS_PER_S, Long.parseLong(f[12]) * 1000 / TICKS_PER_S};
        } catch (IOException | RuntimeException e) {
            return new long[] {-1, -1};
        }
    }

    static long rssBytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: RSS is unknown
        }
        return -1;
    }

    @Override
    public void close() {
        stopped = true;
        thread.interrupt();
    }
}
