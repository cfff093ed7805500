package org.fiberbench.orderbook;

import java.util.Arrays;
import org.agrona.collections.Long2LongHashMap;

/**
 * The book without the naive one's costs: orders and price levels live in primitive arrays (slots
 * recycled through free lists), each level keeps an intrusive doubly linked FIFO of its orders,
 * and an id index (Agrona's primitive open-addressing map) finds a resting order's slot, so cancel
 * is O(1) plus, when the level empties, a short array move. An order's fields are interleaved so
 * that touching one order costs one or two cache lines; that keeps cancel as cheap in a queue of
 * 1000 as in a queue of one. Once the arrays and maps have grown to the book's working size nothing
 * on the add, match or cancel path allocates. Not thread-safe.
 */
final class FastOrderBook implements OrderBook {
    private static final int NIL = -1;
    /** What the maps return for an absent key; slots are never negative. */
    private static final long MISSING = -1;
    /** Sparse maps: short probe runs matter more here than memory. */
    private static final float LOAD_FACTOR = 0.5f;

    // orders, by slot, interleaved so that one order's fields share a cache line or two:
    // ords[2s] = id, ords[2s+1] = remaining quantity; links[4s] = next, +1 = prev, +2 = level
    private long[] ords;
    private int[] links;
    private int capacity;
    private int freeOrder = NIL;
    private int orderSlots;

    // levels, by slot
    private long[] levelPrice = new long[64];
    private int[] head = new int[64];
    private int[] tail = new int[64];
    private boolean[] levelIsBid = new boolean[64];
    private int freeLevel = NIL;
    private int levelSlots;

    private final SortedLevels bids = new SortedLevels();
    private final SortedLevels asks = new SortedLevels();
    /** Order slot by id, for the resting orders. */
    private final Long2LongHashMap index;
    /** Level slot by {@link #levelKey}: resting into an existing level needs no search of the sorted sides. */
    private final Long2LongHashMap levelByPrice = new Long2LongHashMap(64, LOAD_FACTOR, MISSING);
    private final UsedIds used = new UsedIds();
    private long totalResting;

    FastOrderBook() {
        this(0);
    }

    /**
     * A book with room made up front for {@code orders} resting orders: neither the order arrays
     * nor the id index grows until it holds more. Growing copies the arrays and rehashes the index
     * at each power of two, which at half a million resting orders stops the book for tens of
     * milliseconds.
     */
    FastOrderBook(int orders) {
        if (orders < 0 || orders > MAX_PRESIZED) {
            throw new IllegalArgumentException("orders " + orders + "; accepted: 0.." + MAX_PRESIZED);
        }
        capacity = Math.max(MIN_ORDERS, Integer.highestOneBit(Math.max(1, orders - 1)) << 1);
        ords = new long[2 * capacity];
        links = new int[4 * capacity];
        // the index rehashes when it holds more than capacity × LOAD_FACTOR entries
        index = new Long2LongHashMap(Math.max(MIN_ORDERS, (int) Math.ceil(orders / LOAD_FACTOR)), LOAD_FACTOR, MISSING);
    }

    /** Order slots a book starts with, however few it is asked for. */
    static final int MIN_ORDERS = 1024;
    /** The most resting orders a book can be made for up front. */
    static final int MAX_PRESIZED = 1 << 28;

    /** Order slots the arrays hold now. */
    int orderCapacity() {
        return capacity;
    }

    /** Slots of the id index now. */
    int indexCapacity() {
        return index.capacity();
    }

    @Override
    public void add(long id, Side side, long price, long quantity, EventSink sink) {
        Checks.order(id, price, quantity);
        if (!used.add(id)) {
            sink.rejected(id, RejectReason.DUPLICATE_ID);
            return;
        }
        boolean buy = side == Side.BUY;
        long remaining = match(id, buy, price, quantity, buy ? asks : bids, sink);
        if (remaining > 0) {
            rest(id, buy, price, remaining);
            sink.added(id);
        }
    }

    /** Fills against the opposite side while prices cross; returns what is left. */
    private long match(long id, boolean buy, long price, long remaining, SortedLevels opposite, EventSink sink) {
        while (remaining > 0 && opposite.size() > 0) {
            int level = opposite.best();
            long levelPx = levelPrice[level];
            if (buy ? price < levelPx : price > levelPx) {
                break;
            }
            int o = head[level];
            while (remaining > 0 && o != NIL) {
                long q = Math.min(remaining, ords[2 * o + 1]);
                if (buy) {
                    sink.executed(id, ords[2 * o], levelPx, q);
                } else {
                    sink.executed(ords[2 * o], id, levelPx, q);
                }
                remaining -= q;
                ords[2 * o + 1] -= q;
                totalResting -= q;
                if (ords[2 * o + 1] == 0) {
                    int n = links[4 * o];
                    index.remove(ords[2 * o]);
                    releaseOrder(o);
                    o = n;
                }
            }
            head[level] = o;
            if (o == NIL) {
                opposite.removeBest();
                levelByPrice.remove(levelKey(levelPx, !buy));
                releaseLevel(level);
            } else {
                links[4 * o + 1] = NIL;
            }
        }
        return remaining;
    }

    private void rest(long id, boolean buy, long price, long quantity) {
        int level = (int) levelByPrice.get(levelKey(price, buy));
        if (level == MISSING) {
            level = newLevel(price, buy);
            (buy ? bids : asks).insert(buy ? price : -price, level);
            levelByPrice.put(levelKey(price, buy), level);
        }
        int o = newOrder(id, quantity, level);
        int t = tail[level];
        links[4 * o + 1] = t;
        if (t == NIL) {
            head[level] = o;
        } else {
            links[4 * t] = o;
        }
        tail[level] = o;
        index.put(id, o);
        totalResting += quantity;
    }

    @Override
    public void cancel(long id, EventSink sink) {
        int o = (int) index.remove(id);
        if (o == MISSING) {
            sink.cancelRejected(id);
            return;
        }
        int level = links[4 * o + 2];
        int p = links[4 * o + 1];
        int n = links[4 * o];
        if (p == NIL) {
            head[level] = n;
        } else {
            links[4 * p] = n;
        }
        if (n == NIL) {
            tail[level] = p;
        } else {
            links[4 * n + 1] = p;
        }
        totalResting -= ords[2 * o + 1];
        releaseOrder(o);
        if (head[level] == NIL) {
            boolean bid = levelIsBid[level];
            long px = levelPrice[level];
            (bid ? bids : asks).remove(bid ? px : -px);
            levelByPrice.remove(levelKey(px, bid));
            releaseLevel(level);
        }
        sink.canceled(id);
    }

    /** One key per side and price. */
    private static long levelKey(long price, boolean bid) {
        return price * 2 + (bid ? 0 : 1);
    }

    private int newOrder(long id, long quantity, int level) {
        int o = freeOrder;
        if (o != NIL) {
            freeOrder = links[4 * o];
        } else {
            if (orderSlots == capacity) {
                growOrders();
            }
            o = orderSlots++;
        }
        ords[2 * o] = id;
        ords[2 * o + 1] = quantity;
        links[4 * o + 2] = level;
        links[4 * o] = NIL;
        return o;
    }

    private void releaseOrder(int o) {
        links[4 * o] = freeOrder;
        freeOrder = o;
    }

    private void growOrders() {
        capacity *= 2;
        ords = Arrays.copyOf(ords, 2 * capacity);
        links = Arrays.copyOf(links, 4 * capacity);
    }

    private int newLevel(long price, boolean bid) {
        int l = freeLevel;
        if (l != NIL) {
            freeLevel = head[l];
        } else {
            if (levelSlots == levelPrice.length) {
                int n = levelPrice.length * 2;
                levelPrice = Arrays.copyOf(levelPrice, n);
                head = Arrays.copyOf(head, n);
                tail = Arrays.copyOf(tail, n);
                levelIsBid = Arrays.copyOf(levelIsBid, n);
            }
            l = levelSlots++;
        }
        levelPrice[l] = price;
        levelIsBid[l] = bid;
        head[l] = NIL;
        tail[l] = NIL;
        return l;
    }

    /** Free levels are chained through {@code head}. */
    private void releaseLevel(int l) {
        head[l] = freeLevel;
        freeLevel = l;
    }

    @Override
    public long bestBid() {
        return bids.size() == 0 ? NO_PRICE : bids.bestKey();
    }

    @Override
    public long bestAsk() {
        return asks.size() == 0 ? NO_PRICE : -asks.bestKey();
    }

    @Override
    public long restingQuantity(long id) {
        int o = (int) index.get(id);
        return o == MISSING ? 0 : ords[2 * o + 1];
    }

    @Override
    public long totalRestingQuantity() {
        return totalResting;
    }

    @Override
    public int restingOrders() {
        return index.size();
    }
}
