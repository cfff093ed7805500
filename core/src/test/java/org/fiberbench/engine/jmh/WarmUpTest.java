package org.fiberbench.engine.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.IntToLongFunction;
import org.junit.jupiter.api.Test;

/** The warm-up rule on injected pair times: level stops at the minimum, falling goes on until level, the time bound ends it. */
class WarmUpTest {
    private static final long MS = 1_000_000;

    /** Feeds pair i's time until the warm-up says no (or 10,000 pairs); the pairs it ran. */
    private static WarmUp feed(WarmUp w, IntToLongFunction pair) {
        for (int i = 0; i < 10_000 && w.more(pair.applyAsLong(i)); i++) {
            // the rule decides
        }
        return w;
    }

    @Test
    void aLevelForkStopsAtItsMinimum() {
        // 100 ms a pair with a 2% wobble, pair to pair: level
        WarmUp w = feed(new WarmUp(20, 30_000 * MS), i -> (i % 2 == 0 ? 98 : 102) * MS);
        assertEquals(20, w.pairs());
        assertTrue(w.summary().contains("level after the minimum"), w.summary());
    }

    @Test
    void aForkStillGettingQuickerWarmsUpUntilItIsLevel() {
        // 2% quicker each pair for the first 60 pairs (the database pairs' shape), level after
        WarmUp w = feed(new WarmUp(20, 30_000 * MS), i -> Math.round(100 * MS * Math.pow(0.98, Math.min(i, 60))));
        assertTrue(w.pairs() > 60 && w.pairs() <= 80, "ran " + w.pairs());
        assertEquals(0, (w.pairs() - 20) % 10, "whole halves past the minimum: " + w.pairs());
        assertTrue(w.summary().contains("level again"), w.summary());
    }

    @Test
    void theTimeBoundEndsAWarmUpThatNeverLevels() {
        // 5% quicker each half of 10 pairs, forever, at about 100 ms a pair: 3 s of warm-up at most
        WarmUp w = feed(new WarmUp(20, 3_000 * MS), i -> Math.round(100 * MS * Math.pow(0.995, i)));
        assertTrue(w.pairs() >= 30 && w.pairs() <= 40, "ran " + w.pairs());
        assertTrue(w.summary().contains("still getting quicker when its time ran out"), w.summary());
    }

    @Test
    void aSlowPairsFewWarmUpPairsAreKeptAsTheyAre() {
        WarmUp w = feed(new WarmUp(3, 30_000 * MS), i -> (3000 - 500 * i) * MS);
        assertEquals(3, w.pairs());
    }
}
