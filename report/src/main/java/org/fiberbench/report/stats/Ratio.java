package org.fiberbench.report.stats;

/**
 * The ratio of two means, a / b, with its interval and whether it differs significantly from 1.
 *
 * @param value mean(a) / mean(b)
 * @param ciLow lower end of the interval; NaN when no interval exists (a side has one value),
 *     −∞ when the interval is unbounded (b's mean is not significantly different from 0)
 * @param ciHigh upper end, likewise NaN or +∞
 * @param significant whether Welch's two-sided t-test rejects equal means at the interval's level
 */
public record Ratio(double value, double ciLow, double ciHigh, boolean significant) {

    /** JMH's confidence level, used throughout the report and {@code compare}. */
    public static final double CONFIDENCE = 0.999;

    /** The ratio mean(a) / mean(b) at {@link #CONFIDENCE}. */
    public static Ratio of(Sample a, Sample b) {
        return of(a, b, CONFIDENCE);
    }

    /**
     * Fieller's interval for mean(a) / mean(b): every ρ with (ā − ρ b̄)² ≤ t² (sa² + ρ² sb²), where
     * sa², sb² are the variances of the means and t the Student-t quantile with Welch–Satterthwaite
     * degrees of freedom. At ρ = 1 this inequality is Welch's test, hence "significant" and "the
     * interval excludes 1" agree.
     */
    public static Ratio of(Sample a, Sample b, double confidence) {
        if (b.mean() == 0) {
            throw new IllegalArgumentException("cannot divide by a mean of 0 (baseline of " + b.n() + " values)");
        }
        double value = a.mean() / b.mean();
        if (a.n() < 2 || b.n() < 2) {
            return new Ratio(value, Double.NaN, Double.NaN, false);
        }
        double va = a.meanVariance();
        double vb = b.meanVariance();
        if (va + vb == 0) {
            // no spread at all: any difference is real, and the interval is the point
            return new Ratio(value, value, value, a.mean() != b.mean());
        }
        double t = Sample.tQuantile(confidence, welchDegreesOfFreedom(a, b));
        double diff = a.mean() - b.mean();
        boolean significant = diff * diff > t * t * (va + vb);
        return fieller(a.mean(), b.mean(), va, vb, t, value, significant);
    }

    /** Welch–Satterthwaite: (sa² + sb²)² / (sa⁴/(na−1) + sb⁴/(nb−1)) with sa², sb² variances of the means. */
    public static double welchDegreesOfFreedom(Sample a, Sample b) {
        double va = a.meanVariance();
        double vb = b.meanVariance();
        return (va + vb) * (va + vb) / (va * va / (a.n() - 1) + vb * vb / (b.n() - 1));
    }

    private static Ratio fieller(double ma, double mb, double va, double vb, double t, double value, boolean significant) {
        double t2 = t * t;
        double denominator = mb * mb - t2 * vb;
        if (denominator <= 0) {
            // the baseline's mean itself is not distinguishable from 0: the ratio is unbounded
            return new Ratio(value, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, significant);
        }
        double root = t * Math.sqrt(ma * ma * vb + mb * mb * va - t2 * va * vb);
        double lo = (ma * mb - root) / denominator;
        double hi = (ma * mb + root) / denominator;
        return new Ratio(value, Math.min(lo, hi), Math.max(lo, hi), significant);
    }

    /** Whether an interval was computed (both sides had at least two values). */
    public boolean hasInterval() {
        return !Double.isNaN(ciLow);
    }
}
