package org.fiberbench.spec;

import java.util.ArrayList;
import java.util.List;

/** An inclusive range {@code LO..HI} of whole numbers, as used by primes, file and sweeps. */
public record LongRange(long lo, long hi) {

    public LongRange {
        if (lo > hi) {
            throw new SpecException("range " + lo + ".." + hi + " is reversed; accepted: LO..HI with LO <= HI");
        }
    }

    public static LongRange parse(String where, String text, long min, long max) {
        int dots = text.indexOf("..");
        if (dots < 0) {
            throw new SpecException(where + ": '" + text + "' is not a range; accepted: LO..HI");
        }
        long lo = Numbers.parseLong(where, text.substring(0, dots), min, max);
        long hi = Numbers.parseLong(where, text.substring(dots + 2), min, max);
        if (lo > hi) {
            throw new SpecException(where + ": range " + text + " is reversed; accepted: LO..HI with LO <= HI");
        }
        return new LongRange(lo, hi);
    }

    /** Parses {@code 1..10,20..30}; fails on an empty list. */
    public static List<LongRange> parseList(String where, String text, long min, long max) {
        List<LongRange> out = new ArrayList<>();
        for (String part : text.split(",")) {
            if (part.isBlank()) {
                throw new SpecException(where + ": empty range in '" + text + "'; accepted: LO..HI[,LO..HI...]");
            }
            out.add(parse(where, part.trim(), min, max));
        }
        if (out.isEmpty()) {
            throw new SpecException(where + ": no range given; accepted: LO..HI[,LO..HI...]");
        }
        return out;
    }

    @Override
    public String toString() {
        return lo + ".." + hi;
    }
}
