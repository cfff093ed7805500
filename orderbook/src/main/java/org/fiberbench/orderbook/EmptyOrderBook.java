package org.fiberbench.orderbook;

/** {@link BookKind#EMPTY}: takes every command and does nothing, emits no event, holds nothing. */
final class EmptyOrderBook implements OrderBook {
    @Override
    public void add(long id, Side side, long price, long quantity, EventSink sink) {
        // nothing: the caller measures everything but the book
    }

    @Override
    public void cancel(long id, EventSink sink) {
        // nothing
    }

    @Override
    public long bestBid() {
        return NO_PRICE;
    }

    @Override
    public long bestAsk() {
        return NO_PRICE;
    }

    @Override
    public long restingQuantity(long id) {
        return 0;
    }

    @Override
    public long totalRestingQuantity() {
        return 0;
    }

    @Override
    public int restingOrders() {
        return 0;
    }
}
