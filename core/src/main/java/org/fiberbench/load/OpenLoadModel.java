package org.fiberbench.load;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongFunction;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;
import org.fiberbench.executor.TaskExecutor;
import org.fiberbench.measure.LatencyRecorder;
import org.fiberbench.workload.Workload;

/**
 * The open model: one pacer thread submits task i at its intended start, t0 + i/R (uniform), t0 +
 * the sum of i seeded exponential gaps (Poisson), or whatever {@link Arrivals} the load supplies.
 * The schedule is computed from i, never from "now", so a late pacer does not drift: it submits the
 * tasks that are due back to back and catches up, and their latency still counts from when they
 * were due.
 */
final class OpenLoadModel implements LoadModel {
    private static final int RING = 1 << 16;

    private final TaskExecutor executor;
    private final Workload workload;
    private final LatencyRecorder recorder;
    private final long durationNanos;
    private final long warmupNanos;
    private final LongFunction<Arrivals> arrivals;
    private final Ticket[] ring = new Ticket[RING];
    private final AtomicLong submitted = new AtomicLong();
    /** Submit time − intended start of the tasks due after the warm-up, recorded by the pacer alone. */
    private final SingleWriterRecorder lag = new SingleWriterRecorder(1, LatencyRecorder.HIGHEST_NS, LatencyRecorder.DIGITS);
    private volatile long notSubmitted;
    private volatile long extraTickets;
    private Thread pacer;
    /** Earliest end asked by {@link #endAt}; the load's own end otherwise. */
    private volatile long endAt = Long.MAX_VALUE;

    /** @param arrivals the intended start times from a given t0: any open-family load supplies its own */
    OpenLoadModel(LoadModel.Setup setup, Duration duration, Duration warmup, LongFunction<Arrivals> arrivals) {
        this.executor = setup.executor();
        this.workload = setup.workload();
        this.recorder = setup.recorder();
        this.durationNanos = duration.toNanos();
        this.warmupNanos = warmup.toNanos();
        this.arrivals = arrivals;
        for (int i = 0; i < RING; i++) {
            ring[i] = new Ticket(recorder, null, null);
        }
    }

    @Override
    public void start(long t0) {
        pacer = Thread.ofPlatform().name("fiberbench-pacer").daemon(true).start(() -> pace(t0));
    }

    private void pace(long t0) {
        Arrivals schedule = arrivals.apply(t0);
        long end = t0 + durationNanos;
        long measuredFrom = t0 + warmupNanos; // the lag, like the latencies, is the measured window's
        long extra = 0;
        for (long i = 0; ; i++) {
            long intended = schedule.next();
            if (intended >= end || intended >= endAt) {
                break; // an early end: the arrivals not yet due were never intended, so none is counted as missed
            }
            long now = waitUntil(intended);
            if (now >= end) {
                // due but the pacer fell behind past the end: count them, never hide them
                notSubmitted = 1 + schedule.countBefore(end);
                break;
            }
            Ticket t = ring[(int) (i & (RING - 1))];
            if (!t.isFree()) {
                // more than RING tasks in flight: the system is far behind; a fresh ticket keeps the schedule
                t = new Ticket(recorder, null, null);
                extra++;
            }
            t.arm(intended);
            if (intended >= measuredFrom) {
                lag.recordValue(Math.min(now - intended, LatencyRecorder.HIGHEST_NS));
            }
            submitted.lazySet(i + 1);
            executor.submit(workload, i, t);
        }
        extraTickets = extra;
    }

    /**
     * Returns the first {@code nanoTime} at or after {@code due}, parked until then. A park overshoots by
     * the timer slack and the wake-up (the pacer lag's p50, about 60 µs), after which the tasks due
     * meanwhile go out back to back; spinning the last stretch instead was measured and rejected: on a
     * shared 2-core machine the spinning pacer lost its core to the scheduler and its start delay grew
     * tenfold or more (docs/latency.md).
     */
    static long waitUntil(long due) {
        long now;
        while ((now = System.nanoTime()) < due) {
            LockSupport.parkNanos(due - now);
        }
        return now;
    }

    @Override
    public void endAt(long nanos) {
        endAt = Math.min(endAt, nanos);
    }

    @Override
    public long submitted() {
        return submitted.get();
    }

    @Override
    public int activeUsers() {
        return 0;
    }

    @Override
    public boolean stopped() {
        return pacer != null && !pacer.isAlive();
    }

    @Override
    public Map<String, Long> figures() {
        Histogram h = lag.getIntervalHistogram();
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("pacer_lag_p50_ns", h.getValueAtPercentile(50));
        m.put("pacer_lag_p99_ns", h.getValueAtPercentile(99));
        m.put("pacer_lag_max_ns", h.getMaxValue());
        m.put("not_submitted", notSubmitted);
        m.put("extra_tickets", extraTickets);
        return m;
    }

    /** Intended start times in {@code System.nanoTime()} terms, ascending; computed, never read from the clock. */
    interface Arrivals {
        /** The intended start of the next task. */
        long next();

        /** How many further tasks are due before {@code end} (consumes the schedule). */
        default long countBefore(long end) {
            long n = 0;
            while (next() < end) {
                n++;
            }
            return n;
        }
    }

    /** Intended start times, from the task number alone (uniform) or a seeded cumulative sum (Poisson). */
    static final class Schedule implements Arrivals {
        private final long t0;
        private final double periodNanos;
        private final boolean poisson;
        private final SplittableRandom random;
        private long i;
        private double offset;

        Schedule(long t0, double rate, boolean poisson, long seed) {
            this.t0 = t0;
            this.periodNanos = 1e9 / rate;
            this.poisson = poisson;
            this.random = new SplittableRandom(seed);
        }

        @Override
        public long next() {
            long at;
            if (poisson) {
                at = t0 + (long) offset;
                offset += -Math.log(1.0 - random.nextDouble()) * periodNanos;
            } else {
                at = t0 + (long) (i * periodNanos);
            }
            i++;
            return at;
        }
    }
}
