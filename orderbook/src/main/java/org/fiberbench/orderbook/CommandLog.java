package org.fiberbench.orderbook;

import java.util.Arrays;

/**
 * An immutable sequence of commands held in primitive arrays, so that replaying it allocates
 * nothing and the measured loop reads memory sequentially. Made by {@link Builder}.
 */
public final class CommandLog {
    private static final byte ADD = 0;
    private static final byte CANCEL = 1;

    private final byte[] kind;
    private final long[] id;
    private final byte[] side;
    private final long[] price;
    private final long[] quantity;
    private final int size;
    private final long maxId;

    private CommandLog(Builder b) {
        size = b.size;
        kind = Arrays.copyOf(b.kind, size);
        id = Arrays.copyOf(b.id, size);
        side = Arrays.copyOf(b.side, size);
        price = Arrays.copyOf(b.price, size);
        quantity = Arrays.copyOf(b.quantity, size);
        maxId = b.maxId;
    }

    public int size() {
        return size;
    }

    /** The largest id named by any command, -1 when empty: replays in a loop shift ids past it. */
    public long maxId() {
        return maxId;
    }

    public boolean isAdd(int i) {
        return kind[i] == ADD;
    }

    public long id(int i) {
        return id[i];
    }

    public Side side(int i) {
        return side[i] == 0 ? Side.BUY : Side.SELL;
    }

    public long price(int i) {
        return price[i];
    }

    public long quantity(int i) {
        return quantity[i];
    }

    /** Applies command {@code i} to {@code book}, with {@code idOffset} added to its id. */
    public void apply(int i, long idOffset, OrderBook book, EventSink sink) {
        if (kind[i] == ADD) {
            book.add(id[i] + idOffset, side[i] == 0 ? Side.BUY : Side.SELL, price[i], quantity[i], sink);
        } else {
            book.cancel(id[i] + idOffset, sink);
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Collects commands; validates each as it comes. Not thread-safe. */
    public static final class Builder {
        private byte[] kind = new byte[1024];
        private long[] id = new long[1024];
        private byte[] side = new byte[1024];
        private long[] price = new long[1024];
        private long[] quantity = new long[1024];
        private int size;
        private long maxId = -1;

        public Builder add(long orderId, Side s, long priceTicks, long qty) {
            Checks.order(orderId, priceTicks, qty);
            int i = slot(orderId);
            kind[i] = ADD;
            side[i] = (byte) (s == Side.BUY ? 0 : 1);
            price[i] = priceTicks;
            quantity[i] = qty;
            return this;
        }

        public Builder cancel(long orderId) {
            if (orderId < 0) {
                throw new IllegalArgumentException("order id " + orderId + " must be >= 0");
            }
            int i = slot(orderId);
            kind[i] = CANCEL;
            return this;
        }

        private int slot(long orderId) {
            if (size == kind.length) {
                int n = size * 2;
                kind = Arrays.copyOf(kind, n);
                id = Arrays.copyOf(id, n);
                side = Arrays.copyOf(side, n);
                price = Arrays.copyOf(price, n);
                quantity = Arrays.copyOf(quantity, n);
            }
            id[size] = orderId;
            maxId = Math.max(maxId, orderId);
            return size++;
        }

        public CommandLog build() {
            return new CommandLog(this);
        }
    }
}
