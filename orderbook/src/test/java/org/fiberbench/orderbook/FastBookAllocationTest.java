package org.fiberbench.orderbook;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/** The fast book's steady state allocates only the used-id bit set: a bit per new id. */
class FastBookAllocationTest {
    private static long allocatedByThisThread() {
        var mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        return mx.getThreadAllocatedBytes(Thread.currentThread().threadId());
    }

    @Test
    void steadyStateAddMatchAndCancelAllocateAlmostNothing() {
        OrderBook book = BookKind.FAST.newBook();
        CountingSink sink = new CountingSink();
        long[] resting = new long[1000]; // ring of the resting buys' ids, oldest at {@code oldest}
        long next = 1;
        for (int i = 0; i < resting.length; i++) {
            resting[i] = next;
            book.add(next++, Side.BUY, 100 - i % 10, 3, sink);
        }
        int ops = 200_000;
        long before = allocatedByThisThread();
        for (int i = 0, oldest = 0; i < ops; i++, oldest = (oldest + 1) % resting.length) {
            book.cancel(resting[oldest], sink);                     // cancel the oldest buy
            resting[oldest] = next;
            book.add(next++, Side.BUY, 100 - i % 10, 3, sink);      // rest a new one behind
            book.add(next++, Side.SELL, 101, 2, sink);              // rest a sell, then
            book.add(next++, Side.BUY, 101, 2, sink);               // match it away
        }
        long bytes = allocatedByThisThread() - before;
        // 3 new ids per round = 600k bits = 75 KB of bit-set pages, plus slack for their directory
        assertTrue(bytes < 200_000, bytes + " bytes for " + ops * 4 + " operations");
    }
}
