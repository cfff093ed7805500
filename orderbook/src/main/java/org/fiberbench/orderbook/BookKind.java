package org.fiberbench.orderbook;

import java.util.Locale;

/** The two implementations of {@link OrderBook}; both emit the same events for the same commands. */
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
    };

    public abstract OrderBook newBook();

    /** The lower-case name used on the command line and in results. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @throws IllegalArgumentException unless {@code text} is "naive" or "fast" */
    public static BookKind parse(String text) {
        for (BookKind k : values()) {
            if (k.label().equals(text)) {
                return k;
            }
        }
        throw new IllegalArgumentException("impl '" + text + "' is not one of naive, fast");
    }
}
