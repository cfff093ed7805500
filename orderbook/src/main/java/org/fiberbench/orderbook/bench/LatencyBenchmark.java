package org.fiberbench.orderbook.bench;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.fiberbench.orderbook.BookKind;
import org.fiberbench.orderbook.CommandLog;
import org.fiberbench.orderbook.CountingSink;
import org.fiberbench.orderbook.OrderBook;

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
     */
    public record Result(Timing timing, int rate, Histogram latency, Histogram service, long planned, long sent,
                         double elapsedSeconds, double cpuSeconds, boolean completed) {
        /**
         * Commands per second actually sent. A batch schedule finishes early (its last batch starts
         * one second before the end), so elapsed time never counts for less than the schedule's span.
         */
        public double achievedRate() {
            return sent / Math.max(elapsedSeconds, (double) sent / rate);
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
        long span = log.maxId() + 1;
        int size = log.size();
        long cpuStart = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
        long start = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(10);
        long sent = 0;
        long end = start;
        boolean completed = true;
        for (int i = 0; sent < planned; sent++, i++) {
            if (i == size) {
                i = 0;
            }
            long due = timing == Timing.UNIFORM
                    ? start + sent * 1_000_000_000L / rate
                    : start + (sent / rate) * 1_000_000_000L;
            while (System.nanoTime() < due) {
                Thread.onSpinWait();
            }
            long taken = System.nanoTime();
            log.apply(i, (sent / size) * span, book, sink);
            end = System.nanoTime();
            service.recordValue(Math.min(end - taken, HIGHEST_NS));
            latency.recordValue(Math.min(end - (timing == Timing.NAIVE ? taken : due), HIGHEST_NS));
            if (end - start > deadlineNs) {
                completed = false;
                sent++;
                break;
            }
        }
        if (sink.checksum() == 42) {
            System.err.print(""); // keeps the replayed work observable to the JIT
        }
        double cpu = (ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - cpuStart) / 1e9;
        return new Result(timing, rate, latency, service, planned, sent, Math.max(1, end - start) / 1e9, cpu, completed);
    }
}
