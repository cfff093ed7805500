package org.fiberbench.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class RoundScatterTest {

    /**
     * Rounds {1, 3} and {10, 12, 14}: means 2 and 12; squares about the means 2 and 8 over 1 + 2
     * degrees of freedom, σ_w² = 10/3; mean(1/k) = (1/2 + 1/3)/2 = 5/12, so a mean's variance from
     * the scatter alone is 10/3 · 5/12.
     */
    @Test
    void poolsTheScatterAboutEachRoundsOwnMean() {
        RoundScatter s = RoundScatter.of(List.of(new double[] {1, 3}, new double[] {10, 12, 14}));
        assertEquals(2, s.rounds());
        assertArrayEquals(new double[] {2, 12}, s.means(), 1e-12);
        assertEquals(3, s.withinDf());
        assertEquals(10.0 / 3, s.withinVariance(), 1e-12);
        assertEquals(10.0 / 3 * 5 / 12, s.meanVariance(), 1e-12);
    }

    @Test
    void aRoundOfOneValueHasAMeanButNoScatter() {
        RoundScatter ones = RoundScatter.of(List.of(new double[] {1}, new double[] {2}));
        assertEquals(0, ones.withinDf());
        assertTrue(Double.isNaN(ones.withinVariance()));
        assertTrue(Double.isNaN(ones.meanVariance()));
        RoundScatter mixed = RoundScatter.of(List.of(new double[] {5}, new double[] {1, 3}));
        assertEquals(1, mixed.withinDf());
        assertEquals(2, mixed.withinVariance(), 1e-12);
        assertEquals(2 * (1 + 0.5) / 2, mixed.meanVariance(), 1e-12, "the lone value still counts in mean(1/k)");
    }

    @Test
    void needsRoundsWithValues() {
        assertThrows(IllegalArgumentException.class, () -> RoundScatter.of(List.of()));
        assertThrows(IllegalArgumentException.class, () -> RoundScatter.of(List.of(new double[] {1}, new double[0])));
    }

    @Test
    void meansAreACopy() {
        RoundScatter s = RoundScatter.of(List.<double[]>of(new double[] {1, 3}));
        s.means()[0] = 99;
        assertEquals(2, s.means()[0], 0);
    }
}
