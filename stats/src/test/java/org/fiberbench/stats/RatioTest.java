package org.fiberbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
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
    void baselineIndistinguishableFromZeroBoundsTheRatioOnlyFromBelow() {
        // b's mean 0.1 is well inside its own interval around 0: b̄² < t²sb², so no upper bound; a's
        // mean is clearly positive (100 ± 0.58, t ≈ 25 at Welch's 2.2 degrees of freedom), so the
        // positive ratios left start above 0
        Ratio r = Ratio.of(of(99, 100, 101), of(-5, 0.1, 5.2));
        assertFalse(r.interval().bounded());
        assertTrue(Double.isInfinite(r.ciHigh()));
        assertTrue(r.ciLow() > 0 && r.ciLow() < r.value(), "lower bound " + r.ciLow());
        assertTrue(r.interval().text().matches("\\[\\d+\\.\\d{3}, unbounded]"), r.interval().text());
    }

    @Test
    void neitherMeanDistinguishableFromZeroLeavesTheRatioUnbounded() {
        Ratio r = Ratio.of(of(0.5, -0.3, 1.0), of(-5, 0.1, 5.2));
        assertEquals(RatioInterval.UNBOUNDED, r.interval());
        assertEquals("unbounded", r.interval().text());
        assertFalse(r.significant());
    }

    @Test
    void lowerBoundOfTwoPositiveTimesIsNeverNegative() {
        // a's mean 0.6 is not distinguishable from 0 (sa² = 0.203, t ≈ 30), b's is: Fieller's full
        // set reaches below 0, which a ratio of two times cannot
        Ratio r = Ratio.of(of(0.2, 1.5, 0.1), of(10, 10.1, 9.9));
        assertEquals(0, r.ciLow(), 0);
        assertTrue(r.interval().bounded());
        assertTrue(r.ciHigh() > r.value());
        assertTrue(r.text().startsWith("0.060 [0.000, "), r.text());
    }

    @Test
    void intervalIsNeverNegativeAndAgreesWithSignificanceEverywhere() {
        double[][] samples = {{9, 10, 11}, {-5, 0.1, 5.2}, {0.5, -0.3, 1.0}, {0.2, 1.5, 0.1}, {10, 10.1, 9.9}, {1, 30, 2, 0.5}, {2, 2.2}};
        for (double[] a : samples) {
            for (double[] b : samples) {
                Ratio r = Ratio.of(of(a), of(b));
                String where = java.util.Arrays.toString(a) + " / " + java.util.Arrays.toString(b);
                assertTrue(r.ciLow() >= 0, where + ": " + r.text());
                assertEquals(r.significant(), !r.interval().contains(1), where + ": " + r.text());
            }
        }
    }

    @Test
    void slowerBaselineNoiseDoesNotHideASignificantRatio() {
        // B = 20 with almost no spread, A = 10 ± s = 2.24 over 5 iterations: Welch's t = 10, beyond
        // t(0.9995, 4.0) = 8.6, so B / A = 2 is significant. A delta-method interval weighs A's
        // spread by the ratio (2² · sa²) and calls it not significant: the console and the report
        // once disagreed on exactly such a row.
        Ratio r = Ratio.of(of(19.9, 20, 20.1, 20, 20), of(7, 9, 10, 11, 13));
        assertEquals(2, r.value(), 1e-12);
        assertTrue(r.significant());
        assertFalse(r.interval().contains(1));
    }

    @Test
    void negativeMeansGetNoInterval() {
        Ratio r = Ratio.of(of(-3, -2, -1), of(4, 5, 6));
        assertFalse(r.hasInterval());
        assertFalse(r.significant());
        assertEquals("-0.400 (no interval)", r.text());
    }

    @Test
    void rejectsZeroBaselineMean() {
        assertThrows(IllegalArgumentException.class, () -> Ratio.of(of(1, 2), of(-1, 1)));
    }
    @Test
    void pairedRatiosDivideOutADriftThatTheTwoSampleIntervalCannot() {
        // the machine slows down threefold over the run; each pair's second side is 1% slower than its first
        double[] reference = {100, 200, 300};
        double[] fiberbench = {101, 202, 303};
        Ratio paired = Ratio.paired(fiberbench, reference, Ratio.CONFIDENCE);
        assertEquals(1.01, paired.value(), 1e-12);
        assertEquals(1.01, paired.ciLow(), 1e-12);
        assertEquals(1.01, paired.ciHigh(), 1e-12);
        assertTrue(paired.significant(), "every pair says 1%: the interval excludes 1");
        Ratio unpaired = Ratio.of(fiberbench, reference);
        assertTrue(unpaired.interval() == null || unpaired.ciLow() < 1 && unpaired.ciHigh() > 1.5, "the drift swamps two samples");
        assertFalse(unpaired.significant());
    }

    @Test
    void pairedIntervalIsStudentsOverTheLogarithmsOfThePerPairRatios() {
        // ratios 1.0, 1.1, 1.2: logs 0, 0.0953, 0.1823; t(0.9995, 2) = 31.599
        Ratio r = Ratio.paired(new double[] {10, 11, 12}, new double[] {10, 10, 10}, 0.999);
        double[] logs = {0, Math.log(1.1), Math.log(1.2)};
        double mean = (logs[0] + logs[1] + logs[2]) / 3;
        double sd = Math.sqrt(((logs[0] - mean) * (logs[0] - mean) + (logs[1] - mean) * (logs[1] - mean)
                + (logs[2] - mean) * (logs[2] - mean)) / 2);
        assertEquals(Math.cbrt(1.0 * 1.1 * 1.2), r.value(), 1e-12);
        assertEquals(Math.exp(mean - 31.599 * sd / Math.sqrt(3)), r.ciLow(), 1e-4);
        assertEquals(Math.exp(mean + 31.599 * sd / Math.sqrt(3)), r.ciHigh(), 1e-3);
        assertTrue(r.ciLow() > 0, "a ratio's interval on the log scale stays positive");
        assertFalse(r.significant());
        // equal sides: no spread, the interval is the point 1, and 1 is not a difference
        Ratio same = Ratio.paired(new double[] {5, 7}, new double[] {5, 7}, 0.999);
        assertEquals(1.0, same.ciLow(), 0);
        assertEquals(1.0, same.ciHigh(), 0);
        assertFalse(same.significant());
    }

    /**
     * A noisy machine slows one side of some pairs by 1.9x, as often on one side as on the other;
     * the sides are otherwise equal. The geometric mean says 1, and swapping the sides gives the
     * reciprocal; the arithmetic mean of the ratios would say 1.021, and 1.021 again with the sides swapped.
     */
    @Test
    void aSlowdownCountsAlikeOnEitherSideOfAPair() {
        double[] a = new double[20];
        double[] b = new double[20];
        for (int i = 0; i < 20; i++) {
            a[i] = 100 + i;
            b[i] = 100 + i;
        }
        a[3] *= 1.9;
        b[11] *= 1.9;
        Ratio r = Ratio.paired(a, b, 0.999);
        assertEquals(1.0, r.value(), 1e-12);
        assertTrue(r.ciLow() < 1 && r.ciHigh() > 1, r.text());
        Ratio swapped = Ratio.paired(b, a, 0.999);
        assertEquals(1.0, r.value() * swapped.value(), 1e-12);
        assertEquals(1.0, r.ciLow() * swapped.ciHigh(), 1e-12);
        assertEquals(1.0, r.ciHigh() * swapped.ciLow(), 1e-12);
        double arithmetic = 0;
        for (int i = 0; i < 20; i++) {
            arithmetic += a[i] / b[i] / 20;
        }
        assertEquals(1.021, arithmetic, 1e-3, "what the arithmetic mean would have said");
        assertEquals(Math.sqrt(2 * 3), Ratio.geometricMean(new double[] {2, 3}), 1e-12);
    }

    @Test
    void pairedNeedsMatchingPositivePairs() {
        assertThrows(IllegalArgumentException.class, () -> Ratio.paired(new double[] {1, 2}, new double[] {1}, 0.999));
        assertThrows(IllegalArgumentException.class, () -> Ratio.paired(new double[] {1}, new double[] {0}, 0.999));
        assertThrows(IllegalArgumentException.class, () -> Ratio.paired(new double[] {0}, new double[] {1}, 0.999));
        assertFalse(Ratio.paired(new double[] {2}, new double[] {1}, 0.999).hasInterval(), "one pair: a point");
    }

    /**
     * Three forks whose means agree exactly while their pairs scatter by ±10%: the forks' spread is
     * zero, but a fork's mean varies by at least σ_w²/k, so the interval takes that (pooled within
     * variance 0.02, 2 pairs a fork: 0.02 · 1/2 over the three means, with the forks' 2 degrees of
     * freedom, t(0.999, 2) = 31.599), not a point at 1.05.
     */
    @Test
    void forksThatAgreeByChanceStillCarryTheirPairsScatter() {
        double w = 0.1;
        double[] fork = {1.05 * Math.exp(w), 1.05 * Math.exp(-w)};
        Ratio r = Ratio.ofRounds(List.of(fork, fork.clone(), fork.clone()), 0.999);
        assertEquals(1.05, r.value(), 1e-12);
        double half = 31.599 * Math.sqrt(0.02 * 0.5 / 3);
        assertEquals(1.05 * Math.exp(-half), r.ciLow(), 1e-3);
        assertEquals(1.05 * Math.exp(half), r.ciHigh(), 1e-2);
        // forks that spread less than their pairs' scatter explains never narrow the interval below the means' own
        List<double[]> close = List.of(new double[] {1.01 * Math.exp(w), 1.01 * Math.exp(-w)},
                new double[] {1.03 * Math.exp(w), 1.03 * Math.exp(-w)}, new double[] {1.05 * Math.exp(w), 1.05 * Math.exp(-w)});
        Ratio floored = Ratio.ofRounds(close, 0.999);
        Ratio own = Ratio.ofRatios(new double[] {1.01, 1.03, 1.05}, 0.999);
        assertTrue(floored.ciLow() <= own.ciLow() && floored.ciHigh() >= own.ciHigh(), floored.text() + " vs " + own.text());
        Ratio means = Ratio.ofRatios(new double[] {1.05, 1.05, 1.05}, 0.999);
        assertEquals(means.ciLow(), means.ciHigh(), 0, "the forks' means alone would say a point");
    }

    /** Where the forks spread more than their pairs' scatter explains, the interval is Student's over the forks' means. */
    @Test
    void forksThatShiftGiveTheIntervalOfTheirMeans() {
        List<double[]> rounds = List.of(new double[] {1.00, 1.002}, new double[] {1.10, 1.098}, new double[] {1.20, 1.202});
        Ratio r = Ratio.ofRounds(rounds, 0.999);
        Ratio means = Ratio.ofRatios(rounds.stream().mapToDouble(Ratio::geometricMean).toArray(), 0.999);
        assertEquals(means.value(), r.value(), 1e-12);
        assertEquals(means.ciLow(), r.ciLow(), 1e-12);
        assertEquals(means.ciHigh(), r.ciHigh(), 1e-12);
        assertFalse(Ratio.ofRounds(List.<double[]>of(new double[] {1.1, 1.2}), 0.999).hasInterval(), "one fork: a point");
        assertThrows(IllegalArgumentException.class, () -> Ratio.ofRounds(List.of(), 0.999));
        assertThrows(IllegalArgumentException.class, () -> Ratio.ofRounds(List.of(new double[] {1}, new double[0]), 0.999));
    }
}
