package org.fiberbench.gate;

import java.util.Arrays;
import java.util.List;

/**
 * The units a threshold's value may carry. {@code factor} turns one of the unit into the family's
 * base: nanoseconds for times, milliseconds per batch for {@code /op} scores, per second for rates.
 */
enum Unit {
    NS("ns", Family.TIME, 1), US("us", Family.TIME, 1e3), MICROS("µs", Family.TIME, 1e3), MS("ms", Family.TIME, 1e6),
    S("s", Family.TIME, 1e9),
    NS_OP("ns/op", Family.PER_OP, 1e-6), US_OP("us/op", Family.PER_OP, 1e-3), MICROS_OP("µs/op", Family.PER_OP, 1e-3), MS_OP("ms/op", Family.PER_OP, 1),
    S_OP("s/op", Family.PER_OP, 1e3),
    PER_S("/s", Family.RATE, 1), OPS_S("ops/s", Family.RATE, 1), REQ_S("req/s", Family.RATE, 1),
    PERCENT("%", Family.PERCENT, 1), NONE("", Family.NONE, 1);

    enum Family { TIME, PER_OP, RATE, PERCENT, NONE }

    final String text;
    final Family family;
    final double factor;

    Unit(String text, Family family, double factor) {
        this.text = text;
        this.family = family;
        this.factor = factor;
    }

    static Unit of(String text) {
        return Arrays.stream(values()).filter(u -> u.text.equals(text)).findFirst().orElse(null);
    }

    /** The units of the given families, as a message lists them ("none" for a bare number). */
    static String accepted(List<Family> families) {
        return String.join(", ", Arrays.stream(values()).filter(u -> families.contains(u.family))
                .map(u -> u == NONE ? "a bare number" : u.text).toList());
    }
}
