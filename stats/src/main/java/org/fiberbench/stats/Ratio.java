package org.fiberbench.stats;

import java.util.List;
import java.util.Locale;

/**
 * The ratio of two means, a / b, with its interval and whether it differs significantly from 1.
 *
 * @param value mean(a) / mean(b)
 * @param interval Fieller's interval, limited to the positive ratios; null when no interval exists
 *     (a side has one value, or a mean is negative)
 * @param significant whether Welch's two-sided t-test rejects equal means at the interval's level;
 *     false without an interval
 */
public record Ratio(double value, RatioInterval interval, boolean significant) {

    /** JMH's confidence level: the console table, results.json, the report and {@code compare} use it. */
    public static final double CONFIDENCE = Sample.CONFIDENCE;

    /** A ratio known only as a point: no interval, nothing significant. */
    public static Ratio point(double value) {
        return new Ratio(value, null, false);
    }

    /** mean(a) / mean(b) at {@link #CONFIDENCE}, from raw iteration values. */
    public static Ratio of(double[] a, double[] b) {
        return of(Sample.of(a), Sample.of(b), CONFIDENCE);
    }

    /** The ratio mean(a) / mean(b) at {@link #CONFIDENCE}. */
    public static Ratio of(Sample a, Sample b) {
        return of(a, b, CONFIDENCE);
    }

    /**
     * The geometric mean of the paired ratios a[i] / b[i] at {@code confidence}: each pair measured
     * side by side (one after the other, in one process), so what drifts between pairs divides out.
     * Geometric, because a disturbance that slows one side of a pair by a factor k must count as
     * much on either side: an arithmetic mean weighs the pair k (the first side slowed) more than
     * it weighs the pair 1/k (the second), and so drifts above the true ratio on a noisy machine.
     * The interval is Student's over the logarithms, taken back with exp; "significant" when it
     * excludes 1. A point when there are fewer than two pairs. Swapping a and b gives the reciprocal
     * ratio and interval.
     */
    public static Ratio paired(double[] a, double[] b, double confidence) {
        if (a.length != b.length || a.length == 0) {
            throw new IllegalArgumentException("paired ratios need as many values on each side, at least one: " + a.length + " and " + b.length);
        }
        double[] r = new double[a.length];
        for (int i = 0; i < r.length; i++) {
            if (!(b[i] > 0) || !(a[i] > 0)) {
                throw new IllegalArgumentException("pair " + i + ": " + a[i] + " / " + b[i] + " is not a ratio of positive times");
            }
            r[i] = a[i] / b[i];
        }
        return ofRatios(r, confidence);
    }

    /**
     * The geometric mean of {@code ratios} (each already a positive quotient, e.g. one fork's
     * geometric mean of its per-pair ratios) with Student's interval over their logarithms at
     * {@code confidence}, taken back with exp; "significant" when it excludes 1. A point when there
     * is one ratio.
     */
    public static Ratio ofRatios(double[] ratios, double confidence) {
        Sample s = Sample.of(logs(ratios));
        double value = Math.exp(s.mean());
        if (s.n() < 2) {
            return point(value);
        }
        double half = s.error(confidence);
        RatioInterval interval = half == 0 ? new RatioInterval(value, value)
                : new RatioInterval(Math.exp(s.mean() - half), Math.exp(s.mean() + half));
        return new Ratio(value, interval, !interval.contains(1));
    }

    /**
     * Forks of paired ratios: {@code rounds[r]} holds one fork's per-pair ratios. The value is the
     * geometric mean of the forks' geometric means, each fork weighing the same (as {@link
     * #ofRatios} of those means). The interval is Student's over the forks' log means, with the
     * forks' degrees of freedom, except that their spread is not taken below what the pairs' own
     * scatter puts into a fork's mean: the variance of a fork's mean is σ_f² + σ_w²/k (σ_f the
     * fork's own shift, σ_w the pooled standard deviation of the per-pair log ratios about their
     * fork's mean, k its pairs), so the spread used is the larger of the observed σ_r² and σ_w² ·
     * mean(1/k) (the "modified Knapp–Hartung" rule of meta-analysis with few studies). It is never
     * narrower than {@link #ofRatios} of the means: three forks whose means happen to agree to
     * 0.03% while their pairs scatter by 20% must not yield a 0.2%-wide interval. With fewer than
     * two pairs in every fork this is {@link #ofRatios} of the fork means. A point when there is
     * one fork.
     */
    public static Ratio ofRounds(List<double[]> rounds, double confidence) {
        if (rounds.isEmpty()) {
            throw new IllegalArgumentException("no rounds of ratios");
        }
        RoundScatter scatter = RoundScatter.of(rounds.stream().map(Ratio::logs).toList());
        Sample forks = Sample.of(scatter.means());
        double value = Math.exp(forks.mean());
        if (scatter.rounds() < 2) {
            return point(value);
        }
        double spread = forks.variance();
        if (scatter.withinDf() > 0) {
            spread = Math.max(spread, scatter.meanVariance());
        }
        int n = scatter.rounds();
        double half = Sample.tQuantile(confidence, n - 1) * Math.sqrt(spread / n);
        RatioInterval interval = half == 0 ? new RatioInterval(value, value)
                : new RatioInterval(Math.exp(forks.mean() - half), Math.exp(forks.mean() + half));
        return new Ratio(value, interval, !interval.contains(1));
    }

    /** The geometric mean of positive values: exp of the mean of their logarithms. */
    public static double geometricMean(double[] values) {
        return Math.exp(Sample.of(logs(values)).mean());
    }

    private static double[] logs(double[] ratios) {
        double[] logs = new double[ratios.length];
        for (int i = 0; i < logs.length; i++) {
            if (!(ratios[i] > 0) || Double.isInfinite(ratios[i])) {
                throw new IllegalArgumentException("ratio " + i + " is " + ratios[i] + ": a geometric mean needs positive, finite ratios");
            }
            logs[i] = Math.log(ratios[i]);
        }
        return logs;
    }

    /**
     * Fieller's interval for mean(a) / mean(b): every ρ >= 0 with (ā − ρ b̄)² ≤ t² (sa² + ρ² sb²),
     * where sa², sb² are the variances of the means and t the Student-t quantile with
     * Welch–Satterthwaite degrees of freedom. At ρ = 1 this inequality is Welch's test, hence
     * "significant" and "the interval excludes 1" agree.
     */
    public static Ratio of(Sample a, Sample b, double confidence) {
        if (b.mean() == 0) {
            throw new IllegalArgumentException("cannot divide by a mean of 0 (baseline of " + b.n() + " values)");
        }
        double value = a.mean() / b.mean();
        if (a.n() < 2 || b.n() < 2 || a.mean() < 0 || b.mean() < 0) {
            // the interval below is that of positive quantities; fiberbench's scores are never negative
            return point(value);
        }
        double va = a.meanVariance();
        double vb = b.meanVariance();
        if (va + vb == 0) {
            // no spread at all: any difference is real, and the interval is the point
            return new Ratio(value, new RatioInterval(value, value), a.mean() != b.mean());
        }
        double t = Sample.tQuantile(confidence, welchDegreesOfFreedom(a, b));
        double diff = a.mean() - b.mean();
        boolean significant = diff * diff > t * t * (va + vb);
        return new Ratio(value, fieller(a.mean(), b.mean(), va, vb, t), significant);
    }

    /** Welch–Satterthwaite: (sa² + sb²)² / (sa⁴/(na−1) + sb⁴/(nb−1)) with sa², sb² variances of the means. */
    public static double welchDegreesOfFreedom(Sample a, Sample b) {
        double va = a.meanVariance();
        double vb = b.meanVariance();
        return (va + vb) * (va + vb) / (va * va / (a.n() - 1) + vb * vb / (b.n() - 1));
    }

    /**
     * The ρ >= 0 where q(ρ) = (b̄² − t²sb²) ρ² − 2 ā b̄ ρ + (ā² − t²sa²) <= 0. A ratio of two times
     * is positive, so the negative part of Fieller's set says nothing and is cut at 0 (the set
     * still holds the true ratio whenever the full set does). With ā, b̄ >= 0 what is left is
     * always one interval: [lo, hi] when b̄ is distinguishable from 0 (q opens upwards), else
     * [r, ∞) — the data give a lower bound but no upper one — or every ρ >= 0.
     */
    private static RatioInterval fieller(double ma, double mb, double va, double vb, double t) {
        double t2 = t * t;
        double quad = mb * mb - t2 * vb;
        double half = ma * mb;
        double constant = ma * ma - t2 * va;
        // half² − quad·constant, written without the cancellation of ā²b̄² against itself
        double discriminant = t2 * (ma * ma * vb + mb * mb * va - t2 * va * vb);
        if (quad > 0) {
            double root = Math.sqrt(Math.max(0, discriminant));
            return new RatioInterval(Math.max(0, (half - root) / quad), (half + root) / quad);
        }
        if (quad == 0) {
            // q is linear: -2āb̄ρ + (ā² − t²sa²) <= 0
            return half > 0 ? new RatioInterval(Math.max(0, constant / (2 * half)), Double.POSITIVE_INFINITY) : RatioInterval.UNBOUNDED;
        }
        if (discriminant <= 0) {
            return RatioInterval.UNBOUNDED;
        }
        // q opens downwards: it is <= 0 outside its roots; the larger root is the lower bound
        double upperRoot = (half - Math.sqrt(discriminant)) / quad;
        return new RatioInterval(Math.max(0, upperRoot), Double.POSITIVE_INFINITY);
    }

    /** Whether an interval was computed (both sides had at least two values). */
    public boolean hasInterval() {
        return interval != null;
    }

    /** The interval's lower end; NaN without an interval. */
    public double ciLow() {
        return interval == null ? Double.NaN : interval.lower();
    }

    /** The interval's upper end; NaN without an interval, +∞ when the data give no upper bound. */
    public double ciHigh() {
        return interval == null ? Double.NaN : interval.upper();
    }

    /** Three decimals and the interval in words where needed: {@code 0.500 [0.244, 0.822]}, {@code 2.000 (no interval)}. */
    public String text() {
        return String.format(Locale.ROOT, "%.3f", value) + (interval == null ? " (no interval)" : " " + interval.text());
    }
}
