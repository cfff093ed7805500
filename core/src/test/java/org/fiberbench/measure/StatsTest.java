package org.fiberbench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class StatsTest {

    @Test
    void halfWidthMatchesHandComputedStudentT() {
        // mean 10, s = 1.5811 (values 8..12), n = 5, t(0.9995, 4) = 8.6103: 8.6103 * 1.5811 / sqrt(5) = 6.0884
        assertEquals(6.0884, Stats.halfWidth(new double[] {8, 9, 10, 11, 12}), 1e-3);
    }

    @Test
    void tCriticalMatchesTables() {
        assertEquals(8.610, Stats.tCritical(4, 0.999), 1e-3);
        assertEquals(2.776, Stats.tCritical(4, 0.95), 1e-3);
    }

    @Test
    void clearDifferenceIsSignificant() {
        Map<String, Object> r = Stats.ratio(new double[] {100, 101, 99, 100, 100}, new double[] {50, 51, 49, 50, 50});
        assertEquals(0.5, (Double) r.get("value"), 1e-9);
        assertTrue((Boolean) r.get("significant"));
        assertTrue((Double) r.get("ci_low") < 0.5 && (Double) r.get("ci_high") > 0.5);
    }

    @Test
    void overlappingNoiseIsNotSignificant() {
        Map<String, Object> r = Stats.ratio(new double[] {100, 120, 80, 110, 90}, new double[] {105, 85, 115, 95, 100});
        assertFalse((Boolean) r.get("significant"));
    }

    @Test
    void singleIterationHasNoInterval() {
        Map<String, Object> r = Stats.ratio(new double[] {100}, new double[] {50});
        assertNull(r.get("ci_low"));
        assertFalse((Boolean) r.get("significant"));
    }
}
