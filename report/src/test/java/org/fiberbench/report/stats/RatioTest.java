package org.fiberbench.report.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RatioTest {
    private static Sample of(double... v) {
        return Sample.of(v);
    }

    @Test
    void fiellerIntervalMatchesHandComputation() {
        // a = {9,10,11}, b = {19,20,21}: means 10 and 20, variances of the means 1/3 each, Welch df = 4,
        // t = 8.610302. Roots of ρ²(b² − t²sb²) − 2ρab + (a² − t²sa²) = 0:
        // ρ = (200 ∓ t·sqrt(100/3 + 400/3 − t²/9)) / (400 − t²/3) = 0.244142 and 0.821708
        Ratio r = Ratio.of(of(9, 10, 11), of(19, 20, 21));
        assertEquals(0.5, r.value(), 1e-12);
        assertEquals(0.244142, r.ciLow(), 1e-5);
        assertEquals(0.821708, r.ciHigh(), 1e-5);
    }

    @Test
    void clearDifferenceIsSignificant() {
        // Welch t = (10 − 20) / sqrt(2/3) = −12.25, beyond t(0.9995, 4) = 8.61
        assertTrue(Ratio.of(of(9, 10, 11), of(19, 20, 21)).significant());
    }

    @Test
    void overlappingSamplesAreNotSignificant() {
        // t = (10 − 11) / sqrt(2/3) = −1.22, well inside ±8.61; the interval holds 1
        Ratio r = Ratio.of(of(9, 10, 11), of(10, 11, 12));
        assertFalse(r.significant());
        assertTrue(r.ciLow() < 1 && r.ciHigh() > 1);
    }

    @Test
    void welchDegreesOfFreedomForUnequalVariances() {
        // sa² = (5/3)/4 = 0.41667, sb² = 4/3: (sa² + sb²)² / (sa⁴/3 + sb⁴/2) = 3.0625 / 0.94676 = 3.2347
        assertEquals(3.234719, Ratio.welchDegreesOfFreedom(of(1, 2, 3, 4), of(2, 4, 6)), 1e-5);
    }

    @Test
    void significanceAgreesWithIntervalExcludingOne() {
        for (double shift = 0; shift < 3; shift += 0.25) {
            Ratio r = Ratio.of(of(10 + shift, 10.5 + shift, 11 + shift, 9.8 + shift), of(10, 10.6, 10.9, 9.9));
            assertEquals(r.significant(), r.ciLow() > 1 || r.ciHigh() < 1, "shift " + shift);
        }
    }

    @Test
    void singleIterationGivesPointRatioWithoutInterval() {
        Ratio r = Ratio.of(of(6), of(3, 3));
        assertEquals(2, r.value(), 1e-12);
        assertFalse(r.hasInterval());
        assertFalse(r.significant());
    }

    @Test
    void noSpreadMakesAnyDifferenceSignificant() {
        Ratio r = Ratio.of(of(2, 2, 2), of(4, 4, 4));
        assertEquals(0.5, r.ciLow(), 0);
        assertTrue(r.significant());
    }

    @Test
    void baselineIndistinguishableFromZeroGivesUnboundedInterval() {
        Ratio r = Ratio.of(of(9, 10, 11), of(-5, 0.1, 5.2));
        assertTrue(Double.isInfinite(r.ciLow()) && Double.isInfinite(r.ciHigh()));
    }

    @Test
    void rejectsZeroBaselineMean() {
        assertThrows(IllegalArgumentException.class, () -> Ratio.of(of(1, 2), of(-1, 1)));
    }
}
