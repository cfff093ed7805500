package org.fiberbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The cases the console's ratio was tested on, now answered by the shared statistics (B / A, as the table shows). */
class StatsTest {

    @Test
    void halfWidthMatchesHandComputedStudentT() {
        // mean 10, s = 1.5811 (values 8..12), n = 5, t(0.9995, 4) = 8.6103: 8.6103 * 1.5811 / sqrt(5) = 6.0884
        assertEquals(6.0884, Sample.of(new double[] {8, 9, 10, 11, 12}).error(), 1e-3);
    }

    @Test
    void tCriticalMatchesTables() {
        assertEquals(8.610, Sample.tQuantile(0.999, 4), 1e-3);
        assertEquals(2.776, Sample.tQuantile(0.95, 4), 1e-3);
    }

    @Test
    void clearDifferenceIsSignificant() {
        Ratio r = Ratio.of(new double[] {50, 51, 49, 50, 50}, new double[] {100, 101, 99, 100, 100});
        assertEquals(0.5, r.value(), 1e-9);
        assertTrue(r.significant());
        assertTrue(r.ciLow() < 0.5 && r.ciHigh() > 0.5);
    }

    @Test
    void overlappingNoiseIsNotSignificant() {
        Ratio r = Ratio.of(new double[] {105, 85, 115, 95, 100}, new double[] {100, 120, 80, 110, 90});
        assertFalse(r.significant());
    }

    @Test
    void singleIterationHasNoInterval() {
        Ratio r = Ratio.of(new double[] {50}, new double[] {100});
        assertFalse(r.hasInterval());
        assertTrue(Double.isNaN(r.ciLow()));
        assertFalse(r.significant());
    }
}
