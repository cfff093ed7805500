package org.fiberbench.loop;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongPredicate;
import org.HdrHistogram.Histogram;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.executor.TaskExecutor;
import org.fiberbench.load.LoadModel;
import org.fiberbench.load.LoadSpec;
import org.fiberbench.load.LoopLoad;
import org.fiberbench.measure.LatencyRecorder;
import org.fiberbench.stats.Precision;
import org.fiberbench.workload.Workload;
import org.fiberbench.workload.WorkloadSpec;
import org.fiberbench.workload.WorkloadWarnings;

/**
 * Runs one closed or open scenario in this JVM: sets the workload up, starts the model, cuts 1 s
 * intervals until the end, drains the tasks still in flight (bounded), and returns the {@link
 * LoopResult} {@link LoopSummary} builds. {@link LoopFork} calls it in a fresh JVM; tests may call it directly.
 */
public final class LoopDriver {
    /** Lets the pacer or users start before the first intended start. */
    /** Room before t0 for the collection in {@link #settleHeap}; the pacer starts at t0 whatever it took. */
    private static final long START_DELAY_NANOS = TimeUnit.MILLISECONDS.toNanos(250);
    private static final long SECOND = 1_000_000_000L;

    private LoopDriver() {
    }

    /** Runs the request and returns its result: the latency report, the iteration scores, the worker balance. */
    public static LoopResult run(LoopRequest req) throws Exception {
        LoopLoad load = LoadSpec.parse(req.load(), LoopLoad.class);
        ExecutorSpec es = ExecutorSpec.parse(req.executor());
        Workload work = WorkloadSpec.parse(req.workload()).create();
        work.setUp();
        TaskExecutor ex = es.create();
        long durationNanos = load.duration().toNanos();
        long drainNanos = TimeUnit.MILLISECONDS.toNanos(req.drainMs());
        long t0 = System.nanoTime() + START_DELAY_NANOS;
        long epochT0 = System.currentTimeMillis() + TimeUnit.NANOSECONDS.toMillis(START_DELAY_NANOS);
        LatencyRecorder rec = new LatencyRecorder(t0, load.open());
        LoadModel model = load.model(new LoadModel.Setup(ex, work, rec, req.seed(), drainNanos));
        LoopResult result;
        try (IntervalLog log = new IntervalLog(rec, model, t0, epochT0, path(req.hlog()), path(req.hlogService()))) {
            settleHeap();
            model.start(t0);
            long end = measure(log, t0, durationNanos, load.warmup().toNanos(), early(req, load.open(), model, t0, log));
            drain(log, rec, model, end, drainNanos);
            long inFlight = model.submitted() - rec.finished();
            if (inFlight == 0) {
                ex.close(); // first: then the balance has every carrier's last mount
            }
            // else: a task hangs; closing would wait for it. The fork exits and takes it along.
            result = LoopSummary.build(load, Duration.ofNanos(end - t0), rec, model, log, inFlight, ex.workerStats());
            writeSpectrum(log.corrected, req.hgrm());
            writeSpectrum(log.service, req.hgrmService());
            if (inFlight == 0) {
                WorkloadWarnings.close(work);
            }
        }
        return result;
    }

    /**
     * One full collection before t0 moves the loop's own long-lived structures (the recorder's
     * histograms, megabytes; the ticket ring) out of the young generation, so young pauses during the
     * run do not copy them again and again and show up as the harness's latency.
     */
    private static void settleHeap() {
        System.gc();
    }

    private static Path path(String p) {
        return p == null ? null : Path.of(p);
    }

    /**
     * With {@link LoopRequest#precisionPct}: after a measured cut at {@code at} (ns from t0), true when
     * the window may end there, the model then told to start nothing more. Without: never.
     */
    private static LongPredicate early(LoopRequest req, boolean open, LoadModel model, long t0, IntervalLog log) {
        if (req.precisionPct() <= 0) {
            return at -> false;
        }
        Precision rule = new Precision(req.precisionPct(), Duration.ofDays(1));
        long min = TimeUnit.MILLISECONDS.toNanos(req.minMs());
        return at -> {
            // the same per-second values results.json's iterations hold, the same rule the batch runner uses
            double[] v = LoopSummary.iterations(open, log.measured);
            boolean done = at >= min && rule.decide(v, Duration.ZERO, Duration.ZERO) == Precision.Stop.PRECISION;
            if (done) {
                model.endAt(t0 + at);
            }
            return done;
        };
    }

    /** Cuts an interval at every second from t0, at the end of warm-up, and at the end (or earlier, see {@link #early}); returns the end. */
    private static long measure(IntervalLog log, long t0, long duration, long warmup, LongPredicate endHere) {
        long next = Math.min(SECOND, duration);
        if (warmup > 0 && warmup < next) {
            next = warmup;
        }
        long prev = 0;
        while (prev < duration) {
            sleepUntil(t0 + next);
            log.cut(t0 + next, next <= warmup ? IntervalLog.WARMUP : IntervalLog.MEASURE);
            if (next > warmup && next < duration && endHere.test(next)) {
                return t0 + next;
            }
            prev = next;
            next = Math.min((prev / SECOND + 1) * SECOND, duration);
            if (warmup > prev && warmup < next) {
                next = warmup;
            }
        }
        return t0 + duration;
    }

    /** Waits for the tasks in flight until all are done or the drain time is over, cutting 1 s intervals. */
    private static void drain(IntervalLog log, LatencyRecorder rec, LoadModel model, long end, long drainNanos) {
        long deadline = end + drainNanos;
        long nextCut = end + SECOND;
        while (true) {
            long now = System.nanoTime();
            boolean done = model.stopped() && rec.finished() >= model.submitted();
            if (done || now >= deadline) {
                log.cut(Math.max(now, end), IntervalLog.DRAIN);
                return;
            }
            if (now >= nextCut) {
                log.cut(nextCut, IntervalLog.DRAIN);
                nextCut += SECOND;
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(2));
        }
    }

    private static void sleepUntil(long deadline) {
        long now;
        while ((now = System.nanoTime()) < deadline) {
            LockSupport.parkNanos(deadline - now);
        }
    }

    /** The {@code .hgrm} spectrum: recorded in ns, written in ms (HdrHistogram's usual unit ratio, 1e6). */
    private static void writeSpectrum(Histogram h, String file) throws IOException {
        if (file == null) {
            return;
        }
        try (PrintStream out = new PrintStream(Path.of(file).toFile(), java.nio.charset.StandardCharsets.UTF_8)) {
            h.outputPercentileDistribution(out, 5, 1e6);
        }
    }
}
