package org.fiberbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SampleTest {

    @Test
    void meanAndUnbiasedVariance() {
        Sample s = Sample.of(new double[] {9, 10, 11});
        assertEquals(10, s.mean(), 1e-12);
        assertEquals(1, s.variance(), 1e-12); // ((−1)² + 0² + 1²) / (3 − 1)
        assertEquals(3, s.n());
    }

    @Test
    void studentQuantilesMatchTables() {
        // two-sided 99.9%: t(0.9995) from printed Student-t tables
        assertEquals(31.599, Sample.tQuantile(0.999, 2), 1e-3);
        assertEquals(8.610, Sample.tQuantile(0.999, 4), 1e-3);
        assertEquals(4.781, Sample.tQuantile(0.999, 9), 1e-3);
        assertEquals(2.776, Sample.tQuantile(0.95, 4), 1e-3);
    }

    @Test
    void fisherQuantilesMatchTables() {
        // upper 5% points of F from printed tables
        assertEquals(4.965, Sample.fQuantile(0.95, 1, 10), 1e-3);
        assertEquals(2.866, Sample.fQuantile(0.95, 4, 20), 1e-3);
        assertEquals(3.354, Sample.fQuantile(0.95, 2, 27), 1e-3);
        assertThrows(IllegalArgumentException.class, () -> Sample.fQuantile(1, 2, 27));
    }

    @Test
    void errorIsJmhsHalfWidthAtNinetyNinePointNine() {
        // t(0.9995, 2) · sqrt(1 / 3) = 31.59905 · 0.57735 = 18.2437
        assertEquals(18.2437, Sample.of(new double[] {9, 10, 11}).error(0.999), 1e-3);
    }

    @Test
    void singleValueHasNoError() {
        assertTrue(Double.isNaN(Sample.of(new double[] {5}).error(0.999)));
    }

    @Test
    void rejectsEmptySample() {
        assertThrows(IllegalArgumentException.class, () -> Sample.of(new double[0]));
    }

    @Test
    void rejectsConfidenceOutsideZeroToOne() {
        assertThrows(IllegalArgumentException.class, () -> Sample.tQuantile(1.5, 3));
    }
}
