package org.fiberbench.orderbook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * A fast book made with room for n resting orders: its arrays and id index hold n without growing,
 * and it answers as a book made without room does.
 */
class FastBookRoomTest {
    /** Rests {@code n} buys, ten to a price, none crossing. */
    private static void restBuys(OrderBook book, int n) {
        CountingSink sink = new CountingSink();
        for (int i = 1; i <= n; i++) {
            book.add(i, Side.BUY, 1_000 - i % 97, 1 + i % 5, sink);
        }
        assertEquals(n, book.restingOrders());
    }

    @Test
    void aBookMadeForNOrdersHoldsThemWithoutGrowing() {
        FastOrderBook book = new FastOrderBook(5_000);
        int slots = book.orderCapacity();
        int index = book.indexCapacity();
        assertEquals(8_192, slots, "the next power of two");
        assertTrue(index * 0.5 >= 5_000, index + " index slots");
        restBuys(book, 5_000);
        assertEquals(slots, book.orderCapacity());
        assertEquals(index, book.indexCapacity());

        FastOrderBook grown = new FastOrderBook();
        int defaultSlots = grown.orderCapacity();
        int defaultIndex = grown.indexCapacity();
        restBuys(grown, 5_000);
        assertTrue(grown.orderCapacity() > defaultSlots && grown.indexCapacity() > defaultIndex,
                "a book made without room grows as it fills: " + grown.orderCapacity() + " slots, " + grown.indexCapacity() + " in the index");
    }

    @Test
    void roomChangesNoAnswer() {
        CommandLog log = Generator.generate(new Generator.Options(20_000, 11, 0.4, 20));
        CountingSink sized = new CountingSink();
        CountingSink plain = new CountingSink();
        OrderBook a = BookKind.FAST.newBook(30_000);
        OrderBook b = BookKind.FAST.newBook();
        Replay.run(log, a, sized, log.size());
        Replay.run(log, b, plain, log.size());
        assertEquals(plain.events(), sized.events());
        assertEquals(plain.checksum(), sized.checksum());
        assertEquals(b.restingOrders(), a.restingOrders());
        assertEquals(b.totalRestingQuantity(), a.totalRestingQuantity());
    }

    @Test
    void onlyTheFastBookIsSizedAndNotBeyondItsLimit() {
        assertTrue(BookKind.FAST.presizes());
        assertTrue(!BookKind.NAIVE.presizes() && !BookKind.EMPTY.presizes());
        assertTrue(BookKind.NAIVE.newBook(1_000) instanceof NaiveOrderBook);
        assertEquals(1_024, new FastOrderBook(0).orderCapacity());
        assertThrows(IllegalArgumentException.class, () -> new FastOrderBook(-1));
        assertThrows(IllegalArgumentException.class, () -> new FastOrderBook(FastOrderBook.MAX_PRESIZED + 1));
    }
}
