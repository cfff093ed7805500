package org.fiberbench.orderbook;

/**
 * Receives the events of one command, in processing order. Primitive arguments so that a book can
 * report events without allocating; {@link EventList} turns them into {@link Event} records.
 */
public interface EventSink {
    /** The order, or the remainder of it after fills, rests in the book. */
    void added(long id);

    /** A fill of {@code quantity} at the resting order's {@code price} (ticks). */
    void executed(long buyId, long sellId, long price, long quantity);

    void canceled(long id);

    void cancelRejected(long id);

    void rejected(long id, RejectReason reason);
}
