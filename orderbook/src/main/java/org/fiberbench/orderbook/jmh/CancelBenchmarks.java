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
 * Seed 002's {@code CancelBenchmarks}: one price level holding {@code enqueued} buy orders; cancel
 * the first in line, the last in line, or an id that does not exist. Our books are mutable and ids
 * are never reused, so the first two also add one fresh order at the tail to keep the level at
 * {@code enqueued} orders: that add costs the same at every depth, so the trend over
 * {@code enqueued} is the cancel's. Expect naive to fall linearly with depth and fast to stay flat.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class CancelBenchmarks {
    static final long PRICE = 100;
    static final long NONEXISTENT = Long.MAX_VALUE;

    @State(Scope.Thread)
    public static class BookWithQueue {
        @Param({"naive", "fast"})
        public String impl;

        @Param({"1", "10", "50", "100", "1000"})
        public int enqueuedOrderCount;

        OrderBook book;
        final CountingSink sink = new CountingSink();
        long first;
        long nextId;

        @Setup(Level.Trial)
        public void setUp() {
            book = BookKind.parse(impl).newBook();
            for (long id = 1; id <= enqueuedOrderCount; id++) {
                book.add(id, Side.BUY, PRICE, 1, sink);
            }
            first = 1;
            nextId = enqueuedOrderCount + 1;
            check();
        }

        /** Validation outside the measured region: the level must still hold its orders. */
        @TearDown(Level.Iteration)
        public void check() {
            if (book.restingOrders() != enqueuedOrderCount || book.bestBid() != PRICE) {
                throw new IllegalStateException("book built or kept wrongly: " + book.restingOrders()
                        + " orders, expected " + enqueuedOrderCount);
            }
        }
    }

    @Benchmark
    public long cancelFirstOrderInLine(BookWithQueue b) {
        b.book.cancel(b.first++, b.sink);
        b.book.add(b.nextId++, Side.BUY, PRICE, 1, b.sink);
        return b.sink.checksum();
    }

    @Benchmark
    public long cancelLastOrderInLine(BookWithQueue b) {
        b.book.cancel(b.nextId - 1, b.sink);
        b.book.add(b.nextId++, Side.BUY, PRICE, 1, b.sink);
        return b.sink.checksum();
    }

    @Benchmark
    public long cancelNonexistentOrder(BookWithQueue b) {
        b.book.cancel(NONEXISTENT, b.sink);
        return b.sink.checksum();
    }
}
