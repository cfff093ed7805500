package org.fiberbench.orderbook.bench;

import java.util.ArrayList;
import java.util.List;
import org.fiberbench.orderbook.BookKind;
import org.fiberbench.orderbook.CommandLog;
import org.fiberbench.orderbook.CountingSink;
import org.fiberbench.orderbook.OrderBook;
import org.fiberbench.orderbook.Replay;

/**
 * Seed 002's throughput benchmark: after a warm-up, replay the first N commands (going round the
 * log when N exceeds it) on a new book and divide N by the elapsed time. Runs in the calling
 * thread; a fork of its own per implementation keeps one JIT profile from colouring the other.
 */
public final class ThroughputBenchmark {
    /** Seed: "up to 100,000 commands" of warm-up; repeated so the JIT reaches its final tier. */
    static final int WARMUP_COMMANDS = 100_000;
    static final int WARMUP_ROUNDS = 5;

    /** One row of the seed's table. */
    public record Row(long commands, double seconds, double commandsPerSecond) {
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
            System.gc(); // each count starts with the same empty heap, not the previous count's garbage
            OrderBook book = kind.newBook();
            CountingSink sink = new CountingSink();
            long start = System.nanoTime();
            Replay.run(log, book, sink, count);
            long elapsed = System.nanoTime() - start;
            checksum ^= sink.checksum();
            double seconds = elapsed / 1e9;
            rows.add(new Row(count, seconds, count / seconds));
        }
        if (checksum == 42) {
            System.err.print(""); // keeps the checksum, and so the replayed work, observable
        }
        return rows;
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
