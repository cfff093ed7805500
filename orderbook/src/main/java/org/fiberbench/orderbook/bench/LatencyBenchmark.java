package org.fiberbench.orderbook.bench;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.fiberbench.orderbook.BookKind;
import org.fiberbench.orderbook.CommandLog;
import org.fiberbench.orderbook.CountingSink;
import org.fiberbench.orderbook.OrderBook;
import org.fiberbench.orderbook.jfr.MeasuredWindow;

/**
 * Seed 002's latency benchmarks: an open loop that sends {@code rate} commands per second for
 * {@code seconds} seconds, in the calling thread, spinning until each command is due. Every
 * command's latency is recorded from the clock start its {@link Timing} names, and its service
 * time beside it. If the book falls so far behind that the run exceeds its deadline, sending stops
 * and the result says how many commands were sent: an unachieved rate is reported, never hidden.
 * Single-threaded: the histograms have one writer and are read only after the loop.
 */
public final class LatencyBenchmark {
    static final long HIGHEST_NS = TimeUnit.MINUTES.toNanos(30);

    /**
     * What one run measured; {@code completed} is false when the deadline stopped it early.
     * {@code cpuSeconds} is the sending thread's CPU time: it spins between commands, so CPU well
     * below elapsed time means the OS took the core away, and the tail shows the machine, not the book.
     * {@code intervals} are the run's seconds by completion time (empty when the run was too long to
     * keep every command's figures); {@code collectors} names the JVM's garbage collectors, so a GC
     * experiment shows which collector each fork really ran. The fork hands it to the parent as JSON
     * ({@link Fork}), histograms included ({@link HistogramJson}).
     */
    public record Result(Timing timing, int rate,
                         @JsonSerialize(using = HistogramJson.Writer.class) @JsonDeserialize(using = HistogramJson.Reader.class)
                         Histogram latency,
                         @JsonSerialize(using = HistogramJson.Writer.class) @JsonDeserialize(using = HistogramJson.Reader.class)
                         Histogram service, long planned, long sent,
                         double elapsedSeconds, double cpuSeconds, boolean completed, List<Interval> intervals,
                         List<String> collectors) {
        public Result {
            intervals = List.copyOf(intervals);
            collectors = List.copyOf(collectors);
        }

        /**
         * Commands per second actually sent. A batch schedule finishes early (its last batch starts
         * one second before the end), so elapsed time never counts for less than the schedule's span.
         */
        public double achievedRate() {
            return sent / Math.max(elapsedSeconds, (double) sent / rate);
        }

        /** Each whole second's p99 in ms: the iterations behind the p99 score's interval. */
        public double[] secondlyP99Ms() {
            return intervals.stream().filter(iv -> iv.seconds() >= 0.999 && iv.count() > 0)
                    .mapToDouble(iv -> iv.p99Ns() / 1e6).toArray();
        }
    }

    /**
     * One second of a latency run (the last may be shorter), by completion time.
     *
     * @param endSeconds its end, in seconds since the first command was due
     * @param seconds its length
     * @param count commands completed in it; 0 when the book was stuck for the whole second
     */
    public record Interval(double endSeconds, double seconds, long count, long p50Ns, long p90Ns, long p99Ns, long maxNs) {
        /** commands per second completed in this interval */
        public double throughput() {
            return count / seconds;
        }
    }

    private LatencyBenchmark() {
    }

    public static Result run(CommandLog log, BookKind kind, Timing timing, int rate, int seconds, Duration deadline) {
        if (rate < 1 || seconds < 1) {
            throw new IllegalArgumentException("rate " + rate + " and seconds " + seconds + " must be >= 1");
        }
        if (log.size() == 0) {
            throw new IllegalArgumentException("the command log is empty");
        }
        ThroughputBenchmark.warmUp(log, kind);
        System.gc(); // start the measured window with an empty young generation, as JMH does between iterations
        return measure(log, kind.newBook(), timing, rate, seconds, deadline.toNanos());
    }

    private static Result measure(CommandLog log, OrderBook book, Timing timing, int rate, int seconds, long deadlineNs) {
        Histogram latency = new Histogram(HIGHEST_NS, 3);
        Histogram service = new Histogram(HIGHEST_NS, 3);
        CountingSink sink = new CountingSink();
        long planned = (long) rate * seconds;
        Trace trace = Trace.allocate(planned);
        long span = log.maxId() + 1;
        int size = log.size();
        MeasuredWindow window = MeasuredWindow.open(timing.label() + " latency at " + rate + "/s");
        long cpuStart = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
        long start = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(10);
        long sent = 0;
        long end = start;
        boolean completed = true;
        for (int i = 0; sent < planned; sent++, i = i + 1 == size ? 0 : i + 1) { // i goes round the log
            long due = start + offsetNs(timing, sent, rate);
            while (System.nanoTime() < due) {
                Thread.onSpinWait();
            }
            long taken = System.nanoTime();
            log.apply(i, (sent / size) * span, book, sink);
            end = System.nanoTime();
            long lat = Math.min(end - (timing == Timing.NAIVE ? taken : due), HIGHEST_NS);
            service.recordValue(Math.min(end - taken, HIGHEST_NS));
            latency.recordValue(lat);
            trace.record(sent, end - start, lat);
            if (end - start > deadlineNs) {
                completed = false;
                sent++;
                break;
            }
        }
        double cpu = (ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - cpuStart) / 1e9;
        window.commit();
        ThroughputBenchmark.keepObservable(sink.checksum());
        double elapsed = Math.max(1, end - start) / 1e9;
        return new Result(timing, rate, latency, service, planned, sent, elapsed, cpu, completed, trace.intervals(sent, elapsed),
                ManagementFactory.getGarbageCollectorMXBeans().stream().map(GarbageCollectorMXBean::getName).toList());
    }

    /** When command {@code n} is due after the start: evenly spaced (uniform), or with its whole second (naive, batch). */
    static long offsetNs(Timing timing, long n, int rate) {
        return timing == Timing.UNIFORM ? n * 1_000_000_000L / rate : (n / rate) * 1_000_000_000L;
    }
}
