package org.fiberbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RatioIntervalTest {

    @Test
    void boundedIntervalPrintsBothEnds() {
        RatioInterval i = new RatioInterval(0.244142, 0.821708);
        assertTrue(i.bounded());
        assertEquals("[0.244, 0.822]", i.text());
    }

    @Test
    void openEndedIntervalSaysUnboundedInWords() {
        assertEquals("[1.520, unbounded]", new RatioInterval(1.52, Double.POSITIVE_INFINITY).text());
        assertEquals("unbounded", RatioInterval.UNBOUNDED.text());
        assertFalse(RatioInterval.UNBOUNDED.bounded());
        assertTrue(RatioInterval.UNBOUNDED.contains(1e300));
    }

    @Test
    void rejectsNegativeLowerBound() {
        assertThrows(IllegalArgumentException.class, () -> new RatioInterval(-0.074, 0.36));
    }

    @Test
    void rejectsUpperBelowLower() {
        assertThrows(IllegalArgumentException.class, () -> new RatioInterval(2, 1));
    }

    @Test
    void rejectsUnknownEnds() {
        assertThrows(IllegalArgumentException.class, () -> new RatioInterval(Double.NaN, 1));
        assertThrows(IllegalArgumentException.class, () -> new RatioInterval(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY));
    }
}
