package org.fiberbench.measure;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.AtomicHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.WriterReaderPhaser;

/**
 * What a load model records for each finished task: latency from the intended start (corrected),
 * service time from the actual start (uncorrected), latency from the start of the task's 1-second
 * batch (the seed's second, over-pessimistic view; open model only) and the start delay (actual −
 * intended start).
 *
 * <p>Thread-safety: {@link #recordSuccess} and {@link #recordError} may be called by any number of
 * threads at once. They are wait-free and allocate nothing: the four views are {@link
 * AtomicHistogram}s (fixed range: a recording is an atomic increment of a bucket and of the total)
 * behind ONE {@link WriterReaderPhaser}, HdrHistogram's own mechanism for interval recorders —
 * like its {@code Recorder}, but entering the phaser once per task rather than once per view,
 * which keeps a task's recording under 100 ns. Counters are {@link LongAdder}s. {@link #interval}
 * is for one reader thread: it swaps the active histograms for the idle ones and waits, through the
 * phaser, for writers still in the old ones.
 */
public final class LatencyRecorder {
    /** Values above an hour are clamped: an hour-long task is a hang, and it is counted as such elsewhere. */
    public static final long HIGHEST_NS = 3_600_000_000_000L;
    public static final int DIGITS = 3;
    private static final long SECOND = 1_000_000_000L;

    private final long batchOrigin;
    private final boolean batchView;
    private static final int CORRECTED = 0;
    private static final int SERVICE = 1;
    private static final int BATCH = 2;
    private static final int START_DELAY = 3;
    private final WriterReaderPhaser phaser = new WriterReaderPhaser();
    private volatile AtomicHistogram[] active = views();
    private AtomicHistogram[] idle = views();
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
        long phase = phaser.writerCriticalSectionEnter();
        try {
            AtomicHistogram[] h = active;
            h[CORRECTED].recordValue(clamp(endNanos - intendedNanos));
            h[SERVICE].recordValue(clamp(endNanos - startNanos));
            h[START_DELAY].recordValue(clamp(startNanos - intendedNanos));
            if (batchView) {
                long batchStart = batchOrigin + Math.floorDiv(intendedNanos - batchOrigin, SECOND) * SECOND;
                h[BATCH].recordValue(clamp(endNanos - batchStart));
            }
        } finally {
            phaser.writerCriticalSectionExit(phase);
        }
        finished.increment();
    }

    private static AtomicHistogram[] views() {
        AtomicHistogram[] h = new AtomicHistogram[4];
        for (int i = 0; i < h.length; i++) {
            h[i] = new AtomicHistogram(1, HIGHEST_NS, DIGITS);
        }
        return h;
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
        long errorsSoFar = errors.sum();
        AtomicHistogram[] done;
        phaser.readerLock();
        try {
            for (AtomicHistogram h : idle) {
                h.reset();
            }
            done = active;
            active = idle;
            idle = done;
            phaser.flipPhase();
        } finally {
            phaser.readerUnlock();
        }
        return new Interval(copy(done[CORRECTED]), copy(done[SERVICE]), copy(done[BATCH]), copy(done[START_DELAY]),
                errorsSoFar);
    }

    private static Histogram copy(AtomicHistogram h) {
        Histogram out = new Histogram(1, HIGHEST_NS, DIGITS);
        out.add(h);
        return out;
    }

    /** One interval's histograms; {@code errorsSoFar} is cumulative, the caller takes differences. */
    public record Interval(Histogram corrected, Histogram service, Histogram batch, Histogram startDelay,
                           long errorsSoFar) {
    }
}
