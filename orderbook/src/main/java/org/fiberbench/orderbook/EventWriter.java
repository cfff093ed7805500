package org.fiberbench.orderbook;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;

/** A sink that writes one line per event in the events file format ({@link Event#csv()}). */
public final class EventWriter implements EventSink {
    private final Writer out;
    private final StringBuilder line = new StringBuilder(64);

    public EventWriter(Writer out) {
        this.out = out;
    }

    private void emit() {
        try {
            out.append(line).append('\n');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        line.setLength(0);
    }

    @Override
    public void added(long id) {
        line.append("ADDED,").append(id);
        emit();
    }

    @Override
    public void executed(long buyId, long sellId, long price, long quantity) {
        line.append("EXECUTED,").append(buyId).append(',').append(sellId).append(',');
        Prices.appendTo(line, price);
        line.append(',').append(quantity);
        emit();
    }

    @Override
    public void canceled(long id) {
        line.append("CANCELED,").append(id);
        emit();
    }

    @Override
    public void cancelRejected(long id) {
        line.append("CANCEL_REJECTED,").append(id);
        emit();
    }

    @Override
    public void rejected(long id, RejectReason reason) {
        line.append("REJECTED,").append(id).append(',').append(reason.code());
        emit();
    }
}
