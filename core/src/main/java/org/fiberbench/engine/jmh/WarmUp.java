package org.fiberbench.engine.jmh;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * When an interleaved fork's warm-up is over: after its minimum pairs, as long as the later half of
 * its last {@code min} pairs ran more than {@link #STILL_FALLING} quicker than the earlier half,
 * another half of them, until the two halves are level or {@code maxNanos} of warm-up are spent.
 * A count fixed for every pair was not enough for some: on a 2-core VM the database and HTTP pairs'
 * batches kept getting quicker, both sides, for 20 to 130 measured pairs after 20 warm-up pairs
 * (jdbc-point-direct from 44 to 28 ms, http-name from 86 to 58 ms), and over 110 forks of
 * jdbc-scan-offload the first ten measured pairs read 1.032 where the other 40 read 1.001, so a
 * round's ratio hung on how many pairs it had. A minimum below {@link #MIN_HALVED} pairs (the slow
 * pairs', whose operation lasts seconds) is kept as it is: two halves of one pair tell nothing.
 */
final class WarmUp {
    /** The later half must be more than this fraction quicker than the earlier one to go on. */
    static final double STILL_FALLING = 0.03;
    /** The least minimum that is split into halves and may grow. */
    static final int MIN_HALVED = 10;

    private final int min;
    private final int half;
    private final long maxNanos;
    private final List<Long> pairs = new ArrayList<>();
    private long spent;
    private String why = "";

    /**
     * @param min      warm-up pairs at least
     * @param maxNanos warm-up time past which no pair is added beyond {@code min}
     */
    WarmUp(int min, long maxNanos) {
        this.min = min;
        this.half = min / 2;
        this.maxNanos = maxNanos;
    }

    /** Records one warm-up pair (both sides' nanoseconds together); whether another one is needed. */
    boolean more(long pairNanos) {
        pairs.add(pairNanos);
        spent += pairNanos;
        int n = pairs.size();
        if (n < min) {
            return true;
        }
        if (min < MIN_HALVED) {
            why = "the minimum";
            return false;
        }
        if ((n - min) % half != 0) {
            return true; // a half started past the minimum is run to its end
        }
        double earlier = sum(n - 2 * half, n - half);
        double later = sum(n - half, n);
        if (later >= earlier * (1 - STILL_FALLING)) {
            why = n == min ? "level after the minimum" : "level again";
            return false;
        }
        if (spent >= maxNanos) {
            why = "still getting quicker when its time ran out";
            return false;
        }
        return true;
    }

    /** Pairs run so far. */
    int pairs() {
        return pairs.size();
    }

    /** One line for the fork's log, once {@link #more} said no. */
    String summary() {
        return String.format(Locale.ROOT, "warm-up: %d pairs (at least %d) in %.1f s, %s", pairs.size(), min, spent / 1e9, why);
    }

    private double sum(int from, int to) {
        double s = 0;
        for (int i = from; i < to; i++) {
            s += pairs.get(i);
        }
        return s;
    }
}
