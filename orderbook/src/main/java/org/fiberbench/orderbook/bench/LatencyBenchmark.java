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
 * The measured book starts empty, as the seed's does, but, where its kind can, with room made for
 * the most orders the run will hold at once ({@link #peakResting}), as an exchange sizes its book
 * up front: growing inside the measured window would stop the book for tens of milliseconds at
 * each doubling, and the tail would show the growth, not the book.
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
     * experiment shows which collector each fork really ran; {@code presizedOrders}, the resting
     * orders the book had room for from the start (0: none made up front, it grew as it filled). The fork hands it to the parent as JSON
     * ({@link Fork}), histograms included ({@link HistogramJson}).
     */
    public record Result(Timing timing, int rate,
                         @JsonSerialize(using = HistogramJson.Writer.class) @JsonDeserialize(using = HistogramJson.Reader.class)
                         Histogram latency,
                         @JsonSerialize(using = HistogramJson.Writer.class) @JsonDeserialize(using = HistogramJson.Reader.class)
                         Histogram service, long planned, long sent,
                         double elapsedSeconds, double cpuSeconds, boolean completed, List<Interval> intervals,
                         List<String> collectors, int presizedOrders) {
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

    /** A run whose book is made with room for its peak where the kind can be ({@code presize} true). */
    public static Result run(CommandLog log, BookKind kind, Timing timing, int rate, int seconds, Duration deadline) {
        return run(log, kind, timing, rate, seconds, deadline, true);
    }

    /**
     * @param presize whether the measured book is made with room for the run's peak of resting
     *     orders (where its kind {@link BookKind#presizes}); false: it starts with the default room
     *     and grows as it fills, inside the measured window
     */
    public static Result run(CommandLog log, BookKind kind, Timing timing, int rate, int seconds, Duration deadline, boolean presize) {
        if (rate < 1 || seconds < 1) {
            throw new IllegalArgumentException("rate " + rate + " and seconds " + seconds + " must be >= 1");
        }
        if (log.size() == 0) {
            throw new IllegalArgumentException("the command log is empty");
        }
        ThroughputBenchmark.warmUp(log, kind);
        int orders = presize && kind.presizes() ? peakResting(log, kind, (long) rate * seconds) : 0;
        OrderBook book = kind.newBook(orders);
        System.gc(); // start the measured window with an empty young generation, as JMH does between iterations
        return measure(log, book, orders, timing, rate, seconds, deadline.toNanos());
    }

    /**
     * The most orders resting at once in a book given the run's first {@code planned} commands, the
     * log gone round as the measured loop goes round it (ids shifted each time): a throw-away book
     * takes them all, before the measured window, at full speed.
     */
    static int peakResting(CommandLog log, BookKind kind, long planned) {
        OrderBook book = kind.newBook();
        CountingSink sink = new CountingSink();
        long span = log.maxId() + 1;
        int size = log.size();
        int peak = 0;
        for (long sent = 0; sent < planned; sent++) {
            log.apply((int) (sent % size), (sent / size) * span, book, sink);
            peak = Math.max(peak, book.restingOrders());
        }
        ThroughputBenchmark.keepObservable(sink.checksum());
        return peak;
    }

    private static Result measure(CommandLog log, OrderBook book, int presizedOrders, Timing timing, int rate, int seconds,
                                  long deadlineNs) {
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
                ManagementFactory.getGarbageCollectorMXBeans().stream().map(GarbageCollectorMXBean::getName).toList(), presizedOrders);
    }

    /** When command {@code n} is due after the start: evenly spaced (uniform), or with its whole second (naive, batch). */
    static long offsetNs(Timing timing, long n, int rate) {
        return timing == Timing.UNIFORM ? n * 1_000_000_000L / rate : (n / rate) * 1_000_000_000L;
    }
}
