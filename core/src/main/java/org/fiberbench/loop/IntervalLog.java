package org.fiberbench.loop;

import java.io.Closeable;
import java.io.FileNotFoundException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.fiberbench.load.LoadModel;
import org.fiberbench.measure.LatencyRecorder;
import org.fiberbench.measure.LatencyReport;

/**
 * Cuts the recording into intervals (1 s, aligned to t0, with a cut at the end of warm-up), writes
 * each to the {@code .hlog} files, keeps per-interval figures for {@code results.json} and sums the
 * non-warm-up intervals into the totals. Warm-up intervals are tagged {@code warmup} in the logs, so
 * HdrHistogram's own log processor skips them by default, as the totals do. Used by one thread.
 */
final class IntervalLog implements Closeable {
    static final String WARMUP = "warmup";
    static final String MEASURE = "measure";
    static final String DRAIN = "drain";

    private final LatencyRecorder recorder;
    private final LoadModel model;
    private final long t0;
    private final HistogramLogWriter correctedLog;
    private final HistogramLogWriter serviceLog;
    final Histogram corrected = total();
    final Histogram service = total();
    final Histogram batch = total();
    final Histogram startDelay = total();
    final List<LatencyReport.Interval> intervals = new ArrayList<>();
    /** Per measured interval: [seconds, tasks finished, backlog at its end, corrected p99]. */
    final List<double[]> measured = new ArrayList<>();
    private long previous;
    private long previousErrors;

    IntervalLog(LatencyRecorder recorder, LoadModel model, long t0, long epochMillisAtT0, Path hlog, Path serviceHlog)
            throws FileNotFoundException {
        this.recorder = recorder;
        this.model = model;
        this.t0 = t0;
        this.previous = t0;
        this.correctedLog = writer(hlog, epochMillisAtT0, "latency from intended start (corrected), ns");
        this.serviceLog = writer(serviceHlog, epochMillisAtT0, "service time from actual start (uncorrected), ns");
    }

    private static Histogram total() {
        return new Histogram(1, LatencyRecorder.HIGHEST_NS, LatencyRecorder.DIGITS);
    }

    private static HistogramLogWriter writer(Path file, long epochMillis, String what) throws FileNotFoundException {
        if (file == null) {
            return null;
        }
        HistogramLogWriter w = new HistogramLogWriter(new PrintStream(file.toFile()));
        w.outputComment("fiberbench: " + what + "; 1 s intervals; warm-up intervals tagged '" + WARMUP + "'");
        w.outputLogFormatVersion();
        w.setBaseTime(epochMillis);
        w.outputStartTime(epochMillis);
        w.outputBaseTime(epochMillis);
        w.outputLegend();
        return w;
    }

    /** Ends the interval at {@code boundary} (a {@code System.nanoTime()} value) in the given phase. */
    void cut(long boundary, String phase) {
        LatencyRecorder.Interval iv = recorder.interval();
        long errors = iv.errorsSoFar() - previousErrors;
        previousErrors = iv.errorsSoFar();
        double from = (previous - t0) / 1e9;
        double to = (boundary - t0) / 1e9;
        previous = boundary;
        long count = iv.corrected().getTotalCount();
        if (phase.equals(DRAIN) && count == 0 && errors == 0) {
            return;
        }
        boolean warmup = phase.equals(WARMUP);
        log(correctedLog, iv.corrected(), from, to, warmup);
        log(serviceLog, iv.service(), from, to, warmup);
        if (!warmup) {
            corrected.add(iv.corrected());
            service.add(iv.service());
            batch.add(iv.batch());
            startDelay.add(iv.startDelay());
        }
        double seconds = Math.max(1e-9, to - from);
        long backlog = model.submitted() - recorder.finished();
        if (phase.equals(MEASURE)) {
            measured.add(new double[] {seconds, count + errors, backlog, iv.corrected().getValueAtPercentile(99)});
        }
        intervals.add(entry(iv, phase, to, seconds, count, errors, backlog));
    }

    private LatencyReport.Interval entry(LatencyRecorder.Interval iv, String phase, double to, double seconds, long count,
                                         long errors, long backlog) {
        Histogram c = iv.corrected();
        Histogram s = iv.service();
        return new LatencyReport.Interval(Math.round(to * 1000) / 1000.0, phase.equals(WARMUP), phase, null, count, errors,
                (count + errors) / seconds, model.activeUsers(), backlog, LatencyReport.Interval.at(c, 50),
                LatencyReport.Interval.at(c, 90), LatencyReport.Interval.at(c, 99), LatencyReport.Interval.max(c),
                LatencyReport.Interval.at(s, 50), LatencyReport.Interval.at(s, 99));
    }

    private static void log(HistogramLogWriter w, Histogram h, double from, double to, boolean warmup) {
        if (w == null) {
            return;
        }
        h.setTag(warmup ? WARMUP : null);
        w.outputIntervalHistogram(from, to, h, 1e6);
    }

    @Override
    public void close() {
        if (correctedLog != null) {
            correctedLog.close();
        }
        if (serviceLog != null) {
            serviceLog.close();
        }
    }
}
