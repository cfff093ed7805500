package org.fiberbench.orderbook;

import java.util.Locale;

/**
 * The implementations of {@link OrderBook}: {@link #NAIVE} and {@link #FAST} emit the same events for the
 * same commands; {@link #EMPTY} does nothing, so that a latency run can show the benchmark loop's own floor.
 */
public enum BookKind {
    /** Seed 002's design: sorted map price to FIFO queue; cancel scans the queues. */
    NAIVE {
        @Override
        public OrderBook newBook() {
            return new NaiveOrderBook();
        }
    },
    /** O(1) cancel through an id index, intrusive per-level lists in primitive arrays. */
    FAST {
        @Override
        public OrderBook newBook() {
            return new FastOrderBook();
        }

        @Override
        public OrderBook newBook(int orders) {
            return new FastOrderBook(orders);
        }

        @Override
        public boolean presizes() {
            return true;
        }
    },
    /**
     * Ignores every command: run through the same open loop it measures the loop, the clock and the
     * machine's own stalls, the floor under any book's latency. Not an order book; latency runs only.
     */
    EMPTY {
        @Override
        public OrderBook newBook() {
            return new EmptyOrderBook();
        }
    };

    public abstract OrderBook newBook();

    /**
     * A book with room made up front for {@code orders} resting orders, where the kind {@link
     * #presizes}; else the same as {@link #newBook()}.
     */
    public OrderBook newBook(int orders) {
        return newBook();
    }

    /** Whether {@link #newBook(int)} makes room up front: only the fast book's arrays and index can be sized. */
    public boolean presizes() {
        return false;
    }

    /** The lower-case name used on the command line and in results. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @throws InputException unless {@code text} is "naive", "fast" or "empty" */
    public static BookKind parse(String text) {
        for (BookKind k : values()) {
            if (k.label().equals(text)) {
                return k;
            }
        }
        throw new InputException("--impl '" + text + "' is not one of naive, fast, empty");
    }
}
