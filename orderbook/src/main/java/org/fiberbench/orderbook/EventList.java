package org.fiberbench.orderbook;

import java.util.ArrayList;
import java.util.List;

/** A sink that keeps every event as a record: for tests and small replays, not for measuring. */
public final class EventList implements EventSink {
    private final List<Event> events = new ArrayList<>();

    public List<Event> events() {
        return events;
    }

    @Override
    public void added(long id) {
        events.add(new Event.Added(id));
    }

    @Override
    public void executed(long buyId, long sellId, long price, long quantity) {
        events.add(new Event.Executed(buyId, sellId, price, quantity));
    }

    @Override
    public void canceled(long id) {
        events.add(new Event.Canceled(id));
    }

    @Override
    public void cancelRejected(long id) {
        events.add(new Event.CancelRejected(id));
    }

    @Override
    public void rejected(long id, RejectReason reason) {
        events.add(new Event.Rejected(id, reason));
    }
}
