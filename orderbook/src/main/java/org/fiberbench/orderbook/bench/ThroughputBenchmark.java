package org.fiberbench.orderbook.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import org.fiberbench.orderbook.BookKind;
import org.fiberbench.orderbook.CommandLog;
import org.fiberbench.orderbook.CountingSink;
import org.fiberbench.orderbook.OrderBook;
import org.fiberbench.orderbook.Replay;
import org.fiberbench.orderbook.jfr.MeasuredWindow;

/**
 * Seed 002's throughput benchmark: after a warm-up, replay the first N commands (going round the
 * log when N exceeds it) on a new book and divide N by the elapsed time. Runs in the calling
 * thread; a fork of its own per implementation keeps one JIT profile from colouring the other.
 */
public final class ThroughputBenchmark {
    /** Seed: "up to 100,000 commands" of warm-up; repeated so the JIT reaches its final tier. */
    static final int WARMUP_COMMANDS = 100_000;
    static final int WARMUP_ROUNDS = 5;

    /** A short measurement is repeated until this much time has been measured (or {@link #MAX_REPEATS}). */
    static final long MIN_MEASURED_NS = 1_000_000_000L;
    static final int MAX_REPEATS = 5;

    /**
     * One row of the seed's table: the median of {@code repeats} replays on new books, and the
     * replaying thread's CPU time in that replay; CPU well below wall time means the thread was
     * descheduled (a busy machine) and the row understates the book. {@code repeatRates} holds
     * every replay's commands per second, in the order run: the iterations behind an interval.
     */
    public record Row(long commands, double seconds, double commandsPerSecond, double cpuSeconds, double[] repeatRates) {
        public Row {
            repeatRates = repeatRates.clone();
        }

        /** How many replays the row's median is of. */
        public int repeats() {
            return repeatRates.length;
        }

        @Override
        public double[] repeatRates() {
            return repeatRates.clone();
        }
    }

    private ThroughputBenchmark() {
    }

    public static List<Row> run(CommandLog log, BookKind kind, long[] counts) {
        for (long c : counts) {
            if (c < 1) {
                throw new IllegalArgumentException("count " + c + " must be >= 1");
            }
        }
        long checksum = warmUp(log, kind);
        List<Row> rows = new ArrayList<>();
        for (long count : counts) {
            List<long[]> runs = new ArrayList<>(); // {wall ns, cpu ns}
            long measured = 0;
            while (runs.size() < MAX_REPEATS && measured < MIN_MEASURED_NS) {
                long[] r = once(log, kind, count);
                checksum ^= r[2];
                runs.add(r);
                measured += r[0];
            }
            double[] rates = runs.stream().mapToDouble(r -> count / (r[0] / 1e9)).toArray();
            runs.sort((a, b) -> Long.compare(a[0], b[0]));
            long[] median = runs.get(runs.size() / 2);
            double seconds = median[0] / 1e9;
            rows.add(new Row(count, seconds, count / seconds, median[1] / 1e9, rates));
        }
        keepObservable(checksum);
        return rows;
    }

    /** Uses a checksum of the replayed events, so that the JIT cannot drop the work that made it. */
    static void keepObservable(long checksum) {
        if (checksum == 42) {
            System.err.print("");
        }
    }

    /** One replay on a new book: {wall ns, thread CPU ns, checksum}. */
    private static long[] once(CommandLog log, BookKind kind, long count) {
        System.gc(); // each replay starts with the same empty heap, not the previous one's garbage
        OrderBook book = kind.newBook();
        CountingSink sink = new CountingSink();
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        MeasuredWindow window = MeasuredWindow.open("replay of " + count + " commands");
        long cpu = mx.getCurrentThreadCpuTime();
        long start = System.nanoTime();
        Replay.run(log, book, sink, count);
        long elapsed = System.nanoTime() - start;
        window.commit();
        return new long[] {elapsed, mx.getCurrentThreadCpuTime() - cpu, sink.checksum()};
    }

    static long warmUp(CommandLog log, BookKind kind) {
        long checksum = 0;
        for (int i = 0; i < WARMUP_ROUNDS; i++) {
            CountingSink sink = new CountingSink();
            Replay.run(log, kind.newBook(), sink, Math.min(WARMUP_COMMANDS, log.size()));
            checksum += sink.checksum();
        }
        return checksum;
    }
}
