package org.fiberbench.orderbook;

import java.util.ArrayDeque;
import java.util.Collections;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Seed 002's book, kept on purpose as the baseline: a sorted map from price to a FIFO queue of
 * order objects per side. Cancel does not know where an order rests, so it walks every queue of
 * both sides until it finds the id, then filters that queue: linear in the book size.
 */
final class NaiveOrderBook implements OrderBook {
    private static final class Order {
        final long id;
        final long price;
        long remaining;

        Order(long id, long price, long remaining) {
            this.id = id;
            this.price = price;
            this.remaining = remaining;
        }
    }

    /** Best bid first (highest price). */
    private final TreeMap<Long, ArrayDeque<Order>> bids = new TreeMap<>(Collections.reverseOrder());
    /** Best ask first (lowest price). */
    private final TreeMap<Long, ArrayDeque<Order>> asks = new TreeMap<>();
    private final Set<Long> usedIds = new HashSet<>();

    @Override
    public void add(long id, Side side, long price, long quantity, EventSink sink) {
        Checks.order(id, price, quantity);
        if (!usedIds.add(id)) {
            sink.rejected(id, RejectReason.DUPLICATE_ID);
            return;
        }
        TreeMap<Long, ArrayDeque<Order>> opposite = side == Side.BUY ? asks : bids;
        long remaining = quantity;
        while (remaining > 0 && !opposite.isEmpty()) {
            Map.Entry<Long, ArrayDeque<Order>> best = opposite.firstEntry();
            long bestPrice = best.getKey();
            if (side == Side.BUY ? price < bestPrice : price > bestPrice) {
                break;
            }
            remaining = fill(id, side, remaining, best.getValue(), sink);
            if (best.getValue().isEmpty()) {
                opposite.remove(bestPrice);
            }
        }
        if (remaining > 0) {
            TreeMap<Long, ArrayDeque<Order>> own = side == Side.BUY ? bids : asks;
            own.computeIfAbsent(price, p -> new ArrayDeque<>()).addLast(new Order(id, price, remaining));
            sink.added(id);
        }
    }

    private static long fill(long id, Side side, long remaining, ArrayDeque<Order> queue, EventSink sink) {
        while (remaining > 0 && !queue.isEmpty()) {
            Order resting = queue.peekFirst();
            long q = Math.min(remaining, resting.remaining);
            if (side == Side.BUY) {
                sink.executed(id, resting.id, resting.price, q);
            } else {
                sink.executed(resting.id, id, resting.price, q);
            }
            remaining -= q;
            resting.remaining -= q;
            if (resting.remaining == 0) {
                queue.pollFirst();
            }
        }
        return remaining;
    }

    @Override
    public void cancel(long id, EventSink sink) {
        if (cancelIn(bids, id) || cancelIn(asks, id)) {
            sink.canceled(id);
        } else {
            sink.cancelRejected(id);
        }
    }

    private static boolean cancelIn(TreeMap<Long, ArrayDeque<Order>> side, long id) {
        Iterator<ArrayDeque<Order>> levels = side.values().iterator();
        while (levels.hasNext()) {
            ArrayDeque<Order> queue = levels.next();
            if (queue.stream().anyMatch(o -> o.id == id)) {
                queue.removeIf(o -> o.id == id);
                if (queue.isEmpty()) {
                    levels.remove();
                }
                return true;
            }
        }
        return false;
    }

    @Override
    public long bestBid() {
        return bids.isEmpty() ? NO_PRICE : bids.firstKey();
    }

    @Override
    public long bestAsk() {
        return asks.isEmpty() ? NO_PRICE : asks.firstKey();
    }

    @Override
    public long restingQuantity(long id) {
        for (TreeMap<Long, ArrayDeque<Order>> side : java.util.List.of(bids, asks)) {
            for (ArrayDeque<Order> queue : side.values()) {
                for (Order o : queue) {
                    if (o.id == id) {
                        return o.remaining;
                    }
                }
            }
        }
        return 0;
    }

    @Override
    public long totalRestingQuantity() {
        return bids.values().stream().flatMap(ArrayDeque::stream).mapToLong(o -> o.remaining).sum()
                + asks.values().stream().flatMap(ArrayDeque::stream).mapToLong(o -> o.remaining).sum();
    }

    @Override
    public int restingOrders() {
        return bids.values().stream().mapToInt(ArrayDeque::size).sum()
                + asks.values().stream().mapToInt(ArrayDeque::size).sum();
    }
}
