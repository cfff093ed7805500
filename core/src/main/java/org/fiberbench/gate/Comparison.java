package org.fiberbench.gate;

/** The comparison of a threshold: the measured value must stand in it to the limit. */
enum Comparison {
    LE("<="), GE(">="), LT("<"), GT(">");

    final String text;

    Comparison(String text) {
        this.text = text;
    }

    boolean holds(double measured, double limit) {
        return switch (this) {
            case LT -> measured < limit;
            case LE -> measured <= limit;
            case GT -> measured > limit;
            case GE -> measured >= limit;
        };
    }

    /** Whether the limit is an upper bound (the measured value must stay under it). */
    boolean upper() {
        return this == LT || this == LE;
    }
}
