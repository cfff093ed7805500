package org.fiberbench.orderbook;

/**
 * A limit order book for one instrument. Single-threaded: callers must not use one book from two
 * threads at once. Prices are ticks (see {@link Prices}), ids are non-negative and never reused.
 *
 * <p>Matching: an incoming buy fills against resting sells while its price is at least the best
 * ask (a sell: at most the best bid), best price first, oldest first at one price; each fill is
 * at the resting order's price for the smaller remaining quantity; what is left rests at the
 * incoming order's own price. An add that fills completely reports only executions.
 */
public interface OrderBook {
    /** Returned by {@link #bestBid()} and {@link #bestAsk()} when that side is empty. */
    long NO_PRICE = -1;

    /** Adds a limit order; rejects it when {@code id} was ever used. */
    void add(long id, Side side, long price, long quantity, EventSink sink);

    /** Cancels the remaining quantity of a resting order; rejects unknown, filled or cancelled ids. */
    void cancel(long id, EventSink sink);

    long bestBid();

    long bestAsk();

    /** The remaining quantity of a resting order, 0 when {@code id} is not resting. */
    long restingQuantity(long id);

    /** The sum of the remaining quantities of all resting orders. */
    long totalRestingQuantity();

    /** How many orders rest in the book. */
    int restingOrders();
}
