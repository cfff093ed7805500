package org.fiberbench.orderbook.jmh;

import java.util.concurrent.TimeUnit;
import org.fiberbench.orderbook.BookKind;
import org.fiberbench.orderbook.CountingSink;
import org.fiberbench.orderbook.OrderBook;
import org.fiberbench.orderbook.Side;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Adds on a book with {@code depth} bids at 1.00. Each invocation leaves the book as it found it,
 * so the measurement is steady state (and the gc profiler's bytes per op show what the steady
 * state allocates): {@code addResting} rests a sell at 1.01 and takes it out again with a buy at
 * 1.01; {@code addMatching} fills the oldest bid with a sell at 1.00 and rests a new bid behind.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class AddBenchmarks {
    static final long BID = 100;
    static final long ASK = 101;

    @State(Scope.Thread)
    public static class DeepBook {
        @Param({"naive", "fast"})
        public String impl;

        @Param({"100"})
        public int depth;

        OrderBook book;
        final CountingSink sink = new CountingSink();
        long nextId;

        @Setup(Level.Trial)
        public void setUp() {
            book = BookKind.parse(impl).newBook();
            for (long id = 1; id <= depth; id++) {
                book.add(id, Side.BUY, BID, 1, sink);
            }
            nextId = depth + 1;
        }

        @TearDown(Level.Iteration)
        public void check() {
            if (book.restingOrders() != depth || book.bestBid() != BID || book.bestAsk() != OrderBook.NO_PRICE) {
                throw new IllegalStateException("book changed shape: " + book.restingOrders() + " orders");
            }
        }
    }

    @Benchmark
    public long addResting(DeepBook b) {
        b.book.add(b.nextId++, Side.SELL, ASK, 1, b.sink);
        b.book.add(b.nextId++, Side.BUY, ASK, 1, b.sink);
        return b.sink.checksum();
    }

    @Benchmark
    public long addMatching(DeepBook b) {
        b.book.add(b.nextId++, Side.SELL, BID, 1, b.sink);
        b.book.add(b.nextId++, Side.BUY, BID, 1, b.sink);
        return b.sink.checksum();
    }
}
