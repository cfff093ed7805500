package org.fiberbench.measure;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * What a load model records for each finished task: latency from the intended start (corrected),
 * service time from the actual start (uncorrected), latency from the start of the task's 1-second
 * batch (the seed's second, over-pessimistic view; open model only) and the start delay (actual −
 * intended start).
 *
 * <p>Thread-safety: {@link #recordSuccess} and {@link #recordError} may be called by any number of
 * threads at once. They are wait-free: each {@link Recorder} here is backed by an {@code
 * AtomicHistogram} (fixed range, so recording is one atomic increment), counters are {@link
 * LongAdder}s; nothing takes a lock and nothing is allocated. {@link #interval} is for one reader
 * thread.
 */
public final class LatencyRecorder {
    /** Values above an hour are clamped: an hour-long task is a hang, and it is counted as such elsewhere. */
    public static final long HIGHEST_NS = 3_600_000_000_000L;
    public static final int DIGITS = 3;
    private static final long SECOND = 1_000_000_000L;

    private final long batchOrigin;
    private final boolean batchView;
    private final Recorder corrected = new Recorder(1, HIGHEST_NS, DIGITS);
    private final Recorder service = new Recorder(1, HIGHEST_NS, DIGITS);
    private final Recorder batch = new Recorder(1, HIGHEST_NS, DIGITS);
    private final Recorder startDelay = new Recorder(1, HIGHEST_NS, DIGITS);
    private final LongAdder errors = new LongAdder();
    private final LongAdder finished = new LongAdder();
    private final Map<String, LongAdder> errorsByClass = new ConcurrentHashMap<>();

    /**
     * @param batchOriginNanos {@code System.nanoTime()} of the schedule's start: 1-second batches count from it
     * @param batchView        whether to record the batch-start view (meaningful for the open model only)
     */
    public LatencyRecorder(long batchOriginNanos, boolean batchView) {
        this.batchOrigin = batchOriginNanos;
        this.batchView = batchView;
    }

    /** A task that succeeded: intended start (or submit time), actual start, end, all {@code System.nanoTime()}. */
    public void recordSuccess(long intendedNanos, long startNanos, long endNanos) {
        corrected.recordValue(clamp(endNanos - intendedNanos));
        service.recordValue(clamp(endNanos - startNanos));
        startDelay.recordValue(clamp(startNanos - intendedNanos));
        if (batchView) {
            long batchStart = batchOrigin + Math.floorDiv(intendedNanos - batchOrigin, SECOND) * SECOND;
            batch.recordValue(clamp(endNanos - batchStart));
        }
        finished.increment();
    }

    /** A task that failed: counted, never recorded as a (fast) sample. */
    public void recordError(Throwable error) {
        errors.increment();
        errorsByClass.computeIfAbsent(error.getClass().getSimpleName(), k -> new LongAdder()).increment();
        finished.increment();
    }

    private static long clamp(long v) {
        return v < 0 ? 0 : Math.min(v, HIGHEST_NS);
    }

    /** Tasks finished so far, successes and errors. */
    public long finished() {
        return finished.sum();
    }

    public long errors() {
        return errors.sum();
    }

    /** Error counts by exception class name, sorted. */
    public Map<String, Long> errorsByClass() {
        Map<String, Long> m = new TreeMap<>();
        errorsByClass.forEach((k, v) -> m.put(k, v.sum()));
        return m;
    }

    /** The histograms recorded since the previous call (one reader thread only). */
    public Interval interval() {
        return new Interval(corrected.getIntervalHistogram(), service.getIntervalHistogram(),
                batch.getIntervalHistogram(), startDelay.getIntervalHistogram(), errors.sum());
    }

    /** One interval's histograms; {@code errorsSoFar} is cumulative, the caller takes differences. */
    public record Interval(Histogram corrected, Histogram service, Histogram batch, Histogram startDelay,
                           long errorsSoFar) {
    }
}
