package org.fiberbench.orderbook;

/**
 * A sink for measurements: it folds every event into a checksum, so the JIT cannot drop the work
 * that produced it, and allocates nothing. Not thread-safe: one writer.
 */
public final class CountingSink implements EventSink {
    private long events;
    private long checksum;

    public long events() {
        return events;
    }

    public long checksum() {
        return checksum;
    }

    private void fold(long value) {
        events++;
        checksum = checksum * 31 + value;
    }

    @Override
    public void added(long id) {
        fold(id);
    }

    @Override
    public void executed(long buyId, long sellId, long price, long quantity) {
        fold(buyId ^ sellId ^ price ^ quantity);
    }

    @Override
    public void canceled(long id) {
        fold(~id);
    }

    @Override
    public void cancelRejected(long id) {
        fold(-id);
    }

    @Override
    public void rejected(long id, RejectReason reason) {
        fold(id + reason.ordinal());
    }
}
