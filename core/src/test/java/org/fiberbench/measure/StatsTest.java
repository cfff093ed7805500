package org.fiberbench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The ratio as results.json holds it: the keys stay, null stands for what the data cannot bound. */
class StatsTest {

    @Test
    void ratioKeepsItsResultsJsonKeys() {
        Map<String, Object> r = Stats.ratio(new double[] {100, 101, 99, 100, 100}, new double[] {50, 51, 49, 50, 50});
        assertEquals(List.of("value", "ci_low", "ci_high", "significant"), List.copyOf(r.keySet()));
        assertEquals(0.5, (Double) r.get("value"), 1e-9);
        assertTrue((Boolean) r.get("significant"));
    }

    @Test
    void lowerEndIsNeverNegative() {
        // B's mean 0.6 is not distinguishable from 0: the delta method put the lower end below −1
        Map<String, Object> r = Stats.ratio(new double[] {10, 10.1, 9.9}, new double[] {0.2, 1.5, 0.1});
        assertEquals(0.0, (Double) r.get("ci_low"), 0);
        assertTrue((Double) r.get("ci_high") > 0.06);
    }

    @Test
    void unboundedUpperEndIsNull() {
        Map<String, Object> r = Stats.ratio(new double[] {-5, 0.1, 5.2}, new double[] {99, 100, 101});
        assertTrue((Double) r.get("ci_low") > 0);
        assertNull(r.get("ci_high"));
    }

    @Test
    void zeroBaselineHasNoInterval() {
        Map<String, Object> r = Stats.ratio(new double[] {-1, 1}, new double[] {5, 6});
        assertNull(r.get("ci_low"));
        assertNull(r.get("ci_high"));
        assertFalse((Boolean) r.get("significant"));
    }

    @Test
    void singleIterationHasNoInterval() {
        Map<String, Object> r = Stats.ratio(new double[] {100}, new double[] {50});
        assertNull(r.get("ci_low"));
        assertFalse((Boolean) r.get("significant"));
    }

    @Test
    void halfWidthIsJmhsScoreError() {
        assertEquals(6.0884, Stats.halfWidth(new double[] {8, 9, 10, 11, 12}), 1e-3);
        assertTrue(Double.isNaN(Stats.halfWidth(new double[] {8})));
    }
}
