package org.fiberbench.http;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.fiberbench.measure.LatencyReport;

/**
 * The recording side of a load that another engine generates (JMeter's, embedded or on agents):
 * its samples go into the same recorder, one-second intervals, interval logs and {@link LoadOutcome}
 * as {@link LoadGenerator}'s. The engine knows no intended start times, so a sample is recorded once,
 * as its service time from the actual send, in both views.
 *
 * <p>{@link #success}, {@link #error} and {@link #sent} are wait-free and safe from any thread; an
 * interval thread started by {@link #start} cuts the recording each second of wall-clock time from
 * the start, samples counting in the second they arrive.
 */
public final class ExternalLoad {
    private final LoadOptions options;
    private final LoadRecorder recorder;
    private final AtomicInteger active = new AtomicInteger();
    private final long start;
    private final long warmupEnd;
    private final long end;
    private final Thread cutter;
    private final Consumer<LatencyReport.Interval> onInterval;
    private volatile boolean finished;

    private ExternalLoad(LoadOptions options, Path hlog, Consumer<LatencyReport.Interval> onInterval) throws IOException {
        this.options = options;
        this.recorder = new LoadRecorder(System.nanoTime(), hlog);
        this.start = recorder.startNanos();
        this.warmupEnd = start + options.loop().warmup().toNanos();
        this.end = start + options.loop().duration().toNanos();
        this.onInterval = onInterval;
        this.cutter = Thread.ofPlatform().name("fiberbench-external-intervals").daemon().unstarted(this::cutIntervals);
    }

    /** Starts the clock and the interval thread now; {@code hlog} may be null. */
    public static ExternalLoad start(LoadOptions options, Path hlog, Consumer<LatencyReport.Interval> onInterval)
            throws IOException {
        ExternalLoad load = new ExternalLoad(options, hlog, onInterval);
        load.cutter.start();
        return load;
    }

    /** One request answered: {@code serviceNanos} from its actual send to the end of its response. */
    public void success(long serviceNanos) {
        recorder.sent();
        recorder.success(serviceNanos, serviceNanos);
    }

    /** One request failed with {@code errorClass} ({@link Response}'s classes). */
    public void error(String errorClass) {
        recorder.sent();
        recorder.error(errorClass);
    }

    /** The engine's own count of running users or requests in flight, shown in the intervals. */
    public void activeUsers(int n) {
        active.set(n);
    }

    /** Stops the interval thread after its current cut, closes the logs and returns the outcome. */
    public LoadOutcome finish(boolean interrupted) throws InterruptedException {
        finished = true;
        cutter.join(5_000);
        recorder.close();
        return new LoadOutcome(options, recorder.snapshot(), interrupted);
    }

    /** What has been cut so far; callable from any thread. */
    public LoadOutcome outcome() {
        return new LoadOutcome(options, recorder.snapshot(), System.nanoTime() < end);
    }

    /** As {@link LoadGenerator}'s cutter: a cut each second, the last window interval ending at the end, drain after. */
    private void cutIntervals() {
        recorder.cutEverySecond(start, end, warmupEnd, options.loop().warmup().isZero(), active::get, onInterval,
                () -> finished);
    }
}
