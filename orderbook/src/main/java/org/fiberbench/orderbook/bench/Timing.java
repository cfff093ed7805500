package org.fiberbench.orderbook.bench;

import java.util.Locale;

/** Seed 002's three latency benchmarks: which clock start each command's latency is measured from. */
public enum Timing {
    /** Service time only: from when the command was actually taken up. Hides queueing (coordinated omission). */
    NAIVE,
    /** From the start of the command's 1-second batch: over-states latency, all commands assumed due at once. */
    BATCH,
    /** From the command's own intended time, spaced uniformly at the rate: the sound measure. */
    UNIFORM;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @throws org.fiberbench.orderbook.InputException unless {@code text} is naive, batch or uniform */
    public static Timing parse(String text) {
        for (Timing t : values()) {
            if (t.label().equals(text)) {
                return t;
            }
        }
        throw new org.fiberbench.orderbook.InputException("--timing '" + text + "' is not one of naive, batch, uniform, all");
    }
}
