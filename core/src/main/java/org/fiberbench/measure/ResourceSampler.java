package org.fiberbench.measure;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import org.fiberbench.executor.ProcessWorkers;

/**
 * Samples this JVM's resources on a daemon platform thread — platform threads, process CPU
 * (user/system), heap, GC, allocated bytes, RSS, context switches — and summarises the window
 * between {@link #start} and {@link #stop}. One sample is also taken synchronously at start and
 * at stop, so the CPU and GC deltas cover exactly the measured window, not the nearest ticks.
 *
 * <p>Peak platform threads and peak heap are not sampled: they come from the JVM's own peak thread
 * counter and from the collector's figures ({@link HeapPeak}). When the caller marks measurement
 * iterations ({@link #iterationStarted}, {@link #iterationEnded}) both are reset at each start and
 * read at each end, and the window's peak is the largest iteration's (what happens between
 * iterations is left out); otherwise they cover the whole window. The timeline keeps its sampled
 * per-point figures.
 *
 * <p>Thread-safety: {@code start} and {@code stop} are called by one controlling thread;
 * {@link #snapshot} may be called from any thread while sampling goes on (the HTTP server's
 * {@code /stats}). The timeline and the peaks are guarded by one {@code ReentrantLock}, taken once
 * per tick by the sampler thread and once per snapshot (never {@code synchronized}: a snapshot may
 * run on a virtual thread).
 */
public final class ResourceSampler {
    public static final long DEFAULT_INTERVAL_MS = 100;
    /** Timeline points kept inline in results.json; the full timeline goes to the scenario's .json file. */
    public static final int INLINE_POINTS = 600;
    /**
     * Timeline points kept in memory (an hour at 100 ms): past it every other point is dropped, so a
     * long-lived sampler (a server left running) stays bounded; peaks are tracked apart and stay exact.
     */
    static final int MAX_POINTS = 36_000;

    private final long intervalMs;
    private final List<Probe> probes;
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    private final List<GarbageCollectorMXBean> gcs = ManagementFactory.getGarbageCollectorMXBeans();
    private final ProcFs proc = new ProcFs();
    private final List<long[]> timeline = new ArrayList<>();
    private final ReentrantLock lock = new ReentrantLock();
    private final int maxPoints;
    /** Listens to the collectors from {@link #begin} (not before: a rejected interval leaves no listener). */
    private HeapPeak heapPeak;
    private long peakRss = -1;
    /** Largest exact peaks of the iterations ended so far ({@code -1}: no iteration marked, the window's count). */
    private volatile long iterationPeakThreads = -1;
    private volatile long iterationPeakHeap = -1;
    /** Peaks of the process-pool worker JVMs alone: {@code count, rss, threads}. */
    private final long[] workerPeaks = new long[3];
    private final Thread thread;
    private volatile boolean running = true;
    private long t0;
    private long[] first;
    private int threadsAtStart;
    private volatile long samplerCpuNanos = -1;
    private final long ctxEvery;
    private long ticks;
    private long[] lastCtx = {-1, -1};

    /** The exact peaks of one measurement iteration: platform threads of this JVM and heap bytes in use. */
    public record IterationPeaks(int threads, long heapBytes) {
    }

    /** Something sampled on the same tick as the resources, e.g. per-carrier CPU. */
    interface Probe {
        void tick(long tMs);
    }

    private ResourceSampler(long intervalMs, List<Probe> probes, int maxPoints) {
        if (intervalMs < 1 || intervalMs > 60_000) {
            throw new IllegalArgumentException("sample interval " + intervalMs + " ms is out of range; accepted: 1..60000");
        }
        this.intervalMs = intervalMs;
        this.probes = List.copyOf(probes);
        this.maxPoints = maxPoints;
        this.ctxEvery = Math.max(1, 1000 / intervalMs);
        this.thread = Thread.ofPlatform().daemon().name("fiberbench-sampler").unstarted(this::loop);
    }

    /** Starts sampling every {@code intervalMs} milliseconds. */
    public static ResourceSampler start(long intervalMs) {
        return start(intervalMs, List.of());
    }

    static ResourceSampler start(long intervalMs, List<Probe> probes) {
        return start(intervalMs, probes, MAX_POINTS);
    }

    static ResourceSampler start(long intervalMs, List<Probe> probes, int maxPoints) {
        ResourceSampler s = new ResourceSampler(intervalMs, probes, maxPoints);
        s.begin();
        return s;
    }

    private void begin() {
        threadsAtStart = threads.getThreadCount();
        threads.resetPeakThreadCount();
        heapPeak = HeapPeak.start();
        t0 = System.nanoTime();
        first = sample();
        record(first);
        thread.start();
    }

    /** A measurement iteration starts: resets the JVM's peak thread count and the peak heap. */
    public void iterationStarted() {
        threads.resetPeakThreadCount();
        heapPeak.reset();
    }

    /**
     * A measurement iteration ended: reads its exact peaks and keeps the largest for the summary.
     * Process-pool workers are not in them (their threads are sampled from {@code /proc}).
     */
    public IterationPeaks iterationEnded() {
        IterationPeaks p = new IterationPeaks(threads.getPeakThreadCount(), heapPeak.peak());
        iterationPeakThreads = Math.max(iterationPeakThreads, p.threads());
        iterationPeakHeap = Math.max(iterationPeakHeap, p.heapBytes());
        return p;
    }

    private void loop() {
        long next = System.nanoTime();
        while (running) {
            next += TimeUnit.MILLISECONDS.toNanos(intervalMs);
            LockSupport.parkNanos(next - System.nanoTime());
            if (!running) {
                break;
            }
            long[] s = sample();
            record(s);
            for (Probe p : probes) {
                p.tick(s[0]);
            }
        }
        samplerCpuNanos = threads.isCurrentThreadCpuTimeSupported() ? threads.getCurrentThreadCpuTime() : -1;
    }

    /** Appends a point and updates the peaks; halves the timeline (first point kept) when it is full. */
    private void record(long[] s) {
        lock.lock();
        try {
            if (timeline.size() >= maxPoints) {
                List<long[]> kept = new ArrayList<>(timeline.size() / 2 + 1);
                for (int i = 0; i < timeline.size(); i += 2) {
                    kept.add(timeline.get(i));
                }
                timeline.clear();
                timeline.addAll(kept);
            }
            timeline.add(s);
            // with process-pool workers, RSS is the scenario's: this JVM's plus its workers'
            peakRss = Math.max(peakRss, s[7] < 0 ? -1 : s[7] + s[14]);
            workerPeaks[0] = Math.max(workerPeaks[0], s[11]);
            workerPeaks[1] = Math.max(workerPeaks[1], s[14]);
            workerPeaks[2] = Math.max(workerPeaks[2], s[15]);
        } finally {
            lock.unlock();
        }
    }

    /**
     * {@code t_ms, threads, cpu_user_ms, cpu_sys_ms, heap, gc_count, gc_time_ms, rss, alloc, ctx_v, ctx_nv,
     * workers, workers_cpu_user_ms, workers_cpu_sys_ms, workers_rss, workers_threads}.
     */
    private long[] sample() {
        long[] cpu = proc.cpuMillis();
        if (cpu[0] < 0) {
            cpu = new long[] {processCpuMillis(), 0};
        }
        long gcCount = 0;
        long gcTime = 0;
        for (GarbageCollectorMXBean gc : gcs) {
            gcCount += Math.max(0, gc.getCollectionCount());
            gcTime += Math.max(0, gc.getCollectionTime());
        }
        // per-thread status files are the dearest read: context switches are refreshed about once a second
        long[] ctx = ticks++ % ctxEvery == 0 ? proc.contextSwitches() : lastCtx;
        lastCtx = ctx;
        long[] w = proc.children(ProcessWorkers.pids());
        return new long[] {TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0), threads.getThreadCount(), cpu[0], cpu[1],
            memory.getHeapMemoryUsage().getUsed(), gcCount, gcTime, proc.rssBytes(), allocatedBytes(), ctx[0], ctx[1],
            w[0], w[1], w[2], w[3], w[4]};
    }

    private long processCpuMillis() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return TimeUnit.NANOSECONDS.toMillis(Math.max(0, os.getProcessCpuTime()));
        }
        return -1;
    }

    private long allocatedBytes() {
        if (threads instanceof com.sun.management.ThreadMXBean t && t.isThreadAllocatedMemoryEnabled()) {
            long total = t.getTotalThreadAllocatedBytes();
            if (total >= 0) {
                return total;
            }
            long sum = 0; // live threads only: an approximation where the JVM lacks the total
            for (long b : t.getThreadAllocatedBytes(t.getAllThreadIds())) {
                sum += Math.max(0, b);
            }
            return sum;
        }
        return -1;
    }

    /**
     * Stops sampling and returns the {@code resources} section: {@code interval_ms}, {@code summary}
     * and the full {@code timeline} ({@link #thin} it for results.json).
     *
     * @param tasks tasks completed in the window, for {@code alloc_bytes_per_task}; 0 when unknown
     */
    public Resources stop(long tasks) {
        running = false;
        LockSupport.unpark(thread);
        try {
            thread.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        ticks = 0; // the last sample reads everything
        long[] last = sample();
        record(last);
        for (Probe p : probes) {
            p.tick(last[0]); // the probes' window ends where the resources' does
        }
        proc.close();
        Resources r = section(tasks, Integer.MAX_VALUE);
        heapPeak.close();
        return r;
    }

    /**
     * The {@code resources} section up to the latest tick, while sampling goes on: what
     * {@link #stop} would return, from any thread. The sampler's own CPU is known only at stop.
     *
     * @param tasks        tasks (requests) completed so far, for the per-task figures; 0 when unknown
     * @param withTimeline whether to include the timeline (at most {@link #INLINE_POINTS} points)
     */
    public Resources snapshot(long tasks, boolean withTimeline) {
        return section(tasks, withTimeline ? INLINE_POINTS : 0);
    }

    /** The section with at most {@code maxPoints} timeline points (0: no timeline). */
    private Resources section(long tasks, int maxPoints) {
        long[] last;
        int samples;
        List<long[]> copy;
        long[] peaks;
        lock.lock();
        try {
            last = timeline.get(timeline.size() - 1);
            samples = timeline.size();
            copy = maxPoints > 0 ? new ArrayList<>(timeline) : null; // a live /stats without timeline copies nothing
            peaks = new long[] {peakRss, workerPeaks[0], workerPeaks[1], workerPeaks[2]};
        } finally {
            lock.unlock();
        }
        return new Resources(intervalMs, summary(last, peaks, tasks, samples),
                copy == null ? null : points(thin(copy, maxPoints)));
    }

    /**
     * The window's figures. With process-pool workers, CPU, RSS and threads are the scenario's:
     * this JVM's plus its worker JVMs', whose own share is under {@code worker_processes}.
     */
    private Resources.Summary summary(long[] last, long[] peaks, long tasks, int samples) {
        long wallMs = Math.max(1, last[0] - first[0]);
        // exact figures; the workers' threads, in other processes, are the largest sampled count
        long jvmThreads = iterationPeakThreads >= 0 ? iterationPeakThreads : threads.getPeakThreadCount();
        int peakThreads = (int) (jvmThreads + peaks[3]);
        long peakHeap = iterationPeakHeap >= 0 ? iterationPeakHeap : heapPeak.peak();
        long peakRss = peaks[0];
        long user = last[2] - first[2] + last[12] - first[12];
        long sys = last[3] - first[3] + last[13] - first[13];
        long alloc = last[8] >= 0 && first[8] >= 0 ? last[8] - first[8] : -1;
        int cpus = Runtime.getRuntime().availableProcessors();
        long samplerCpu = samplerCpuNanos;
        return new Resources.Summary(threadsAtStart + first[15], peakThreads, user, proc.available() ? sys : null,
                round(100.0 * (user + sys) / ((double) wallMs * cpus)), round((user + sys) / (double) wallMs),
                // robust to a busy machine: what the scenario's JVM spent per task, whatever the wall time
                tasks > 0 ? Math.round(1e4 * (user + sys) / tasks) / 1e4 : null,
                peakHeap, last[5] - first[5], last[6] - first[6], alloc >= 0 ? alloc : null,
                alloc >= 0 && tasks > 0 ? round((double) alloc / tasks) : null, peakRss >= 0 ? peakRss : null,
                last[9] >= 0 ? last[9] - first[9] : null, last[10] >= 0 ? last[10] - first[10] : null,
                wallMs, samples, samplerCpu >= 0 ? round(samplerCpu / 1e6) : null, workerProcesses(last, peaks),
                null, null, null);
    }

    /** The worker JVMs' own share, or null when there were none. */
    private Resources.WorkerProcesses workerProcesses(long[] last, long[] peaks) {
        long user = last[12] - first[12];
        long sys = last[13] - first[13];
        if (peaks[1] == 0 && user + sys == 0) {
            return null;
        }
        return new Resources.WorkerProcesses(peaks[1], user, sys, peaks[2], peaks[3]);
    }

    private List<Resources.Point> points(List<long[]> samples) {
        List<Resources.Point> out = new ArrayList<>(samples.size());
        for (long[] s : samples) {
            out.add(point(s));
        }
        return out;
    }

    /** At most {@code max} evenly spaced points of a timeline, first and last kept. */
    public static <T> List<T> thin(List<T> timeline, int max) {
        int n = timeline.size();
        if (n <= max) {
            return timeline;
        }
        int step = (n + max - 2) / (max - 1);
        List<T> out = new ArrayList<>();
        for (int i = 0; i < n - 1; i += step) {
            out.add(timeline.get(i));
        }
        out.add(timeline.get(n - 1));
        return out;
    }

    private Resources.Point point(long[] s) {
        boolean workers = s[11] > 0 || s[12] + s[13] > first[12] + first[13];
        return new Resources.Point(s[0] - first[0], s[1], s[2] - first[2], s[3] - first[3], s[4], s[5] - first[5],
                s[6] - first[6], s[7] >= 0 ? s[7] : null, s[8] >= 0 ? s[8] - first[8] : null,
                s[9] >= 0 ? s[9] - first[9] : null, s[10] >= 0 ? s[10] - first[10] : null,
                workers ? s[11] : null, workers ? s[12] - first[12] : null, workers ? s[13] - first[13] : null,
                workers ? s[14] : null, workers ? s[15] : null);
    }

    static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }
}
