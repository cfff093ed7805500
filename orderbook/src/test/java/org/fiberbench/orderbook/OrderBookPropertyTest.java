package org.fiberbench.orderbook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Thousands of random command streams: both books agree, and each keeps its invariants. */
class OrderBookPropertyTest {
    private static final int STREAMS = 3000;

    @Test
    void bothImplementationsEmitIdenticalEventsAndKeepInvariants() {
        Random seeds = new Random(20240607);
        for (int s = 0; s < STREAMS; s++) {
            long seed = seeds.nextLong();
            checkStream(new Random(seed), seed);
        }
    }

    private static void checkStream(Random r, long seed) {
        OrderBook naive = BookKind.NAIVE.newBook();
        OrderBook fast = BookKind.FAST.newBook();
        Map<Long, Long> addedQty = new HashMap<>();
        long added = 0;
        long cancelled = 0;
        long executed = 0;
        int commands = 1 + r.nextInt(200);
        int priceSpread = 1 + r.nextInt(20);
        int maxId = 1 + r.nextInt(150);
        for (int c = 0; c < commands; c++) {
            EventList a = new EventList();
            EventList b = new EventList();
            long id = r.nextInt(maxId);
            if (r.nextInt(3) == 0) {
                long remaining = naive.restingQuantity(id);
                assertEquals(remaining, fast.restingQuantity(id), "resting quantity, seed " + seed);
                naive.cancel(id, a);
                fast.cancel(id, b);
                if (a.events().equals(List.of(new Event.Canceled(id)))) {
                    cancelled += remaining;
                }
            } else {
                Side side = r.nextBoolean() ? Side.BUY : Side.SELL;
                long price = 1000 + r.nextInt(priceSpread);
                long qty = 1 + r.nextInt(r.nextBoolean() ? 1 : 20);
                naive.add(id, side, price, qty, a);
                fast.add(id, side, price, qty, b);
                if (addedQty.putIfAbsent(id, qty) == null) {
                    added += qty;
                }
            }
            assertEquals(a.events(), b.events(), "events of command " + c + ", seed " + seed);
            for (Event e : a.events()) {
                if (e instanceof Event.Executed x) {
                    executed += x.quantity();
                }
            }
            checkState(naive, fast, seed);
            assertEquals(added, 2 * executed + naive.totalRestingQuantity() + cancelled,
                    "executed (both sides) + resting + cancelled = added, seed " + seed);
        }
    }

    private static void checkState(OrderBook naive, OrderBook fast, long seed) {
        assertEquals(naive.bestBid(), fast.bestBid(), "best bid, seed " + seed);
        assertEquals(naive.bestAsk(), fast.bestAsk(), "best ask, seed " + seed);
        assertEquals(naive.totalRestingQuantity(), fast.totalRestingQuantity(), "resting, seed " + seed);
        assertEquals(naive.restingOrders(), fast.restingOrders(), "resting orders, seed " + seed);
        if (fast.bestBid() != OrderBook.NO_PRICE && fast.bestAsk() != OrderBook.NO_PRICE) {
            assertTrue(fast.bestBid() < fast.bestAsk(), "bid < ask, seed " + seed);
        }
    }

    @Test
    void generatedStreamGivesIdenticalEventsOnBothBooks() {
        CommandLog log = Generator.generate(new Generator.Options(20_000, 7, 0.4, 20));
        EventList a = new EventList();
        EventList b = new EventList();
        Replay.run(log, BookKind.NAIVE.newBook(), a, log.size());
        Replay.run(log, BookKind.FAST.newBook(), b, log.size());
        assertEquals(a.events(), b.events());
        List<Class<?>> kinds = new ArrayList<>();
        a.events().stream().map(Object::getClass).distinct().forEach(kinds::add);
        assertTrue(kinds.size() >= 4, "the stream exercises adds, fills, cancels and rejects: " + kinds);
    }
}
