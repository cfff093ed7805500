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
 * behind a {@link WriterReaderPhaser}, HdrHistogram's own mechanism for interval recorders — like
 * its {@code Recorder}, but entering the phaser once per task rather than once per view. Writers
 * are spread over {@link #STRIPES} such sets by thread id: two carriers finishing tasks at once
 * would otherwise bounce the same total-count and phaser cache lines between cores (10× the
 * cost of an uncontended recording). Counters are {@link LongAdder}s. {@link #interval} is for
 * one reader thread: per stripe, it swaps the active histograms for the idle ones and waits,
 * through the phaser, for writers still in the old ones, then adds the stripes up.
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
    /**
     * Two per core, a power of two from 4 to 16: concurrent writers rarely share one, and a stripe's
     * eight histograms (~2 MB at this range and precision) stay affordable on a large machine.
     */
    static final int STRIPES = Math.min(16, Math.max(4, Integer.highestOneBit(2 * Runtime.getRuntime().availableProcessors() - 1) << 1));
    private final Stripe[] stripes = new Stripe[STRIPES];
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
        for (int i = 0; i < STRIPES; i++) {
            stripes[i] = new Stripe();
        }
    }

    /** One writer-side set of views and its phaser; padded apart by the histograms' own size. */
    private static final class Stripe {
        final WriterReaderPhaser phaser = new WriterReaderPhaser();
        volatile AtomicHistogram[] active = views();
        AtomicHistogram[] idle = views();
    }

    /** A task that succeeded: intended start (or submit time), actual start, end, all {@code System.nanoTime()}. */
    public void recordSuccess(long intendedNanos, long startNanos, long endNanos) {
        Stripe stripe = stripes[(int) Thread.currentThread().threadId() & (STRIPES - 1)];
        long phase = stripe.phaser.writerCriticalSectionEnter();
        try {
            AtomicHistogram[] h = stripe.active;
            h[CORRECTED].recordValue(clamp(endNanos - intendedNanos));
            h[SERVICE].recordValue(clamp(endNanos - startNanos));
            h[START_DELAY].recordValue(clamp(startNanos - intendedNanos));
            if (batchView) {
                long batchStart = batchOrigin + Math.floorDiv(intendedNanos - batchOrigin, SECOND) * SECOND;
                h[BATCH].recordValue(clamp(endNanos - batchStart));
            }
        } finally {
            stripe.phaser.writerCriticalSectionExit(phase);
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
        Histogram[] sum = new Histogram[4];
        for (int v = 0; v < sum.length; v++) {
            sum[v] = new Histogram(1, HIGHEST_NS, DIGITS);
        }
        for (Stripe s : stripes) {
            AtomicHistogram[] done;
            s.phaser.readerLock();
            try {
                for (AtomicHistogram h : s.idle) {
                    h.reset();
                }
                done = s.active;
                s.active = s.idle;
                s.idle = done;
                s.phaser.flipPhase();
            } finally {
                s.phaser.readerUnlock();
            }
            for (int v = 0; v < sum.length; v++) {
                if (done[v].getTotalCount() > 0) {
                    sum[v].add(done[v]);
                }
            }
        }
        return new Interval(sum[CORRECTED], sum[SERVICE], sum[BATCH], sum[START_DELAY], errorsSoFar);
    }

    /** One interval's histograms; {@code errorsSoFar} is cumulative, the caller takes differences. */
    public record Interval(Histogram corrected, Histogram service, Histogram batch, Histogram startDelay,
                           long errorsSoFar) {
    }
}
