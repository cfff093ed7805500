package org.fiberbench.http;

import java.io.FileNotFoundException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.IntSupplier;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.HdrHistogram.Recorder;
import org.HdrHistogram.SingleWriterRecorder;
import org.fiberbench.measure.LatencyReport;

/**
 * Records request outcomes from any number of threads and cuts them into one-second intervals.
 * Recording ({@link #success}, {@link #error}) is wait-free (HdrHistogram {@link Recorder}s and
 * {@link LongAdder}s) and safe from any thread; a thread that records many responses a second takes a
 * {@link #lane} of its own. {@link #cut} is called by one interval thread only;
 * {@link #intervals()} and the totals may be read from any thread at any time (a Ctrl-C hook reads
 * them while the load runs) and see whole intervals only.
 */
final class LoadRecorder {
    private static final int DIGITS = 3;
    private final Recorder corrected = new Recorder(DIGITS);
    private final Recorder uncorrected = new Recorder(DIGITS);
    private final LongAdder intervalErrors = new LongAdder();
    private final ConcurrentHashMap<String, LongAdder> errorsByClass = new ConcurrentHashMap<>();
    private final LongAdder sent = new LongAdder();
    private final List<Lane> lanes = new CopyOnWriteArrayList<>();
    private final ReentrantLock lock = new ReentrantLock();
    private final List<LatencyReport.Interval> intervals = new ArrayList<>();
    private final Histogram totalCorrected = new Histogram(DIGITS);
    private final Histogram totalUncorrected = new Histogram(DIGITS);
    private final Map<String, Long> measuredErrors = new TreeMap<>();
    private final long startNanos;
    /** Warm-up intervals carry this tag in the logs, as the loop's do, so HdrHistogram's log processor skips them. */
    static final String WARMUP_TAG = "warmup";
    private final HistogramLogWriter hlog;
    private final PrintStream hlogStream;
    private final HistogramLogWriter serviceLog;
    private final PrintStream serviceStream;
    private Histogram intervalC;
    private Histogram intervalU;
    private long measuredCount;
    private long measuredErrorCount;
    private double measuredSeconds;

    /**
     * {@code hlogFile} (may be null) gets the corrected intervals; {@code <name>-service.hlog} beside it the
     * uncorrected ones, so that {@code merge} can add both views of several generators exactly.
     */
    LoadRecorder(long startNanos, Path hlogFile) throws FileNotFoundException {
        this.startNanos = startNanos;
        long base = System.currentTimeMillis();
        this.hlogStream = hlogFile == null ? null : new PrintStream(hlogFile.toFile());
        this.hlog = writer(hlogStream, base, "response time from the intended start, ns");
        Path service = hlogFile == null ? null
                : hlogFile.resolveSibling(hlogFile.getFileName().toString().replaceFirst("\\.hlog$", "") + "-service.hlog");
        this.serviceStream = service == null ? null : new PrintStream(service.toFile());
        this.serviceLog = writer(serviceStream, base, "service time from the actual send, ns");
    }

    private static HistogramLogWriter writer(PrintStream stream, long base, String what) {
        if (stream == null) {
            return null;
        }
        HistogramLogWriter w = new HistogramLogWriter(stream);
        w.outputComment("fiberbench load: " + what + "; 1 s intervals; warm-up intervals tagged '" + WARMUP_TAG + "'");
        w.outputLogFormatVersion();
        w.setBaseTime(base);
        w.outputStartTime(base);
        w.outputBaseTime(base);
        w.outputLegend();
        return w;
    }

    void sent() {
        sent.increment();
    }

    /** A successful response: from the intended start (open model) and from the actual send. */
    void success(long correctedNanos, long uncorrectedNanos) {
        corrected.recordValue(Math.max(0, correctedNanos));
        uncorrected.recordValue(Math.max(0, uncorrectedNanos));
    }

    /**
     * A recorder for one thread alone, whose responses' latency counts from the actual send (the closed
     * model's, where both views are one): one {@link SingleWriterRecorder}, so recording touches no
     * cache line another thread writes. The two selector threads of a 2-core box sharing {@link
     * #success}'s two concurrent recorders (several atomic updates a response, on lines both threads
     * write) made 0.978 of wrk's requests/s at 100k a second; with a lane each, 0.998 (one set of three
     * alternated rounds each, both sending wrk's request).
     */
    Lane lane() {
        Lane lane = new Lane();
        lanes.add(lane);
        return lane;
    }

    /** Recording for one writer thread; its intervals are added to the shared ones at each cut. */
    static final class Lane {
        private final SingleWriterRecorder latency = new SingleWriterRecorder(DIGITS);
        private Histogram interval;

        /** A successful response {@code nanos} after its send: both views, the corrected and the uncorrected. */
        void success(long nanos) {
            latency.recordValue(Math.max(0, nanos));
        }
    }

    void error(String errorClass) {
        intervalErrors.increment();
        errorsByClass.computeIfAbsent(errorClass, k -> new LongAdder()).increment();
    }

    /**
     * Cuts an interval every second from {@code start} until {@code stopped}; the last window interval ends exactly at
     * {@code end}, drain intervals follow; the warm-up ends at the first cut at or past {@code warmupEnd}.
     */
    void cutEverySecond(long start, long end, long warmupEnd, boolean warm, IntSupplier activeUsers,
                        Consumer<LatencyReport.Interval> onInterval, BooleanSupplier stopped) {
        int second = 0;
        long last = start;
        while (true) {
            long boundary = start + (second + 1) * 1_000_000_000L;
            if (last < end && boundary > end) {
                boundary = end;
            }
            for (long left; (left = boundary - System.nanoTime()) > 0 && !stopped.getAsBoolean(); ) {
                LockSupport.parkNanos(Math.min(left, 100_000_000));
            }
            long now = System.nanoTime();
            second++;
            double seconds = Math.max(0, Math.min(now, end) - last) / 1e9;
            onInterval.accept(cut(second, last < warmupEnd, last < end, seconds, activeUsers));
            if (!warm && now >= warmupEnd) {
                endWarmup();
                warm = true;
            }
            last = now;
            if (stopped.getAsBoolean()) {
                return;
            }
        }
    }

    /**
     * Closes the interval that ends now. {@code measured}: it counts toward the totals;
     * {@code inWindow}: it counts toward throughput (the drain after the end does not). Returns the interval.
     */
    LatencyReport.Interval cut(int second, boolean warmup, boolean inWindow, double seconds, IntSupplier activeUsers) {
        intervalC = corrected.getIntervalHistogram(intervalC);
        intervalU = uncorrected.getIntervalHistogram(intervalU);
        for (Lane lane : lanes) {
            lane.interval = lane.latency.getIntervalHistogram(lane.interval);
            intervalC.add(lane.interval);
            intervalU.add(lane.interval);
        }
        long errors = intervalErrors.sumThenReset();
        long count = intervalC.getTotalCount();
        LatencyReport.Interval interval = new LatencyReport.Interval(second, warmup, null, inWindow ? null : true, count, errors,
                seconds > 0 ? count / seconds : 0, activeUsers.getAsInt(), null, LatencyReport.Interval.at(intervalC, 50),
                LatencyReport.Interval.at(intervalC, 90), LatencyReport.Interval.at(intervalC, 99),
                LatencyReport.Interval.max(intervalC), null, LatencyReport.Interval.at(intervalU, 99));
        log(hlog, intervalC, second, seconds, warmup);
        log(serviceLog, intervalU, second, seconds, warmup);
        lock.lock();
        try {
            intervals.add(interval);
            if (!warmup) {
                totalCorrected.add(intervalC);
                totalUncorrected.add(intervalU);
                measuredErrorCount += errors;
                if (inWindow) {
                    measuredCount += count;
                    measuredSeconds += seconds;
                }
            }
        } finally {
            lock.unlock();
        }
        return interval;
    }

    private static void log(HistogramLogWriter w, Histogram h, int second, double seconds, boolean warmup) {
        if (w == null) {
            return;
        }
        h.setTag(warmup ? WARMUP_TAG : null);
        h.setStartTimeStamp(w.getBaseTime() + (long) ((second - seconds) * 1000));
        h.setEndTimeStamp(w.getBaseTime() + second * 1000L);
        w.outputIntervalHistogram(h);
    }

    /** Error classes are counted over the whole run; the warm-up's are subtracted when it ends. */
    void endWarmup() {
        lock.lock();
        try {
            errorsByClass.forEach((k, v) -> measuredErrors.put(k, -v.sum()));
        } finally {
            lock.unlock();
        }
    }

    /** Everything finished so far, copied: safe to read while the load still runs. */
    Snapshot snapshot() {
        lock.lock();
        try {
            Map<String, Long> byClass = new TreeMap<>();
            errorsByClass.forEach((k, v) -> {
                long n = v.sum() + measuredErrors.getOrDefault(k, 0L);
                if (n > 0) {
                    byClass.put(k, n);
                }
            });
            return new Snapshot(List.copyOf(intervals), totalCorrected.copy(), totalUncorrected.copy(), measuredCount,
                    measuredErrorCount, measuredSeconds, byClass, sent.sum());
        } finally {
            lock.unlock();
        }
    }

    void close() {
        if (hlogStream != null) {
            hlogStream.close();
        }
        if (serviceStream != null) {
            serviceStream.close();
        }
    }

    long startNanos() {
        return startNanos;
    }

    /** Whole intervals and the measured totals at one moment. */
    record Snapshot(List<LatencyReport.Interval> intervals, Histogram corrected, Histogram uncorrected, long completed,
                    long errors, double seconds, Map<String, Long> errorsByClass, long sent) {
    }
}
