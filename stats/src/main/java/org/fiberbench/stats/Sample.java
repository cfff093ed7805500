package org.fiberbench.stats;

import java.util.Arrays;
import org.apache.commons.math3.distribution.FDistribution;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Mean, sample variance and count of measurement iterations.
 *
 * @param mean the arithmetic mean
 * @param variance the unbiased sample variance (n − 1 denominator); 0 when n is 1
 * @param n the number of iterations, at least 1
 */
public record Sample(double mean, double variance, int n) {

    /** JMH's confidence level, used by the console table, results.json, the report and {@code compare}. */
    public static final double CONFIDENCE = 0.999;

    public Sample {
        if (n < 1) {
            throw new IllegalArgumentException("a sample needs at least one value, got n=" + n);
        }
        if (!Double.isFinite(mean) || !(variance >= 0)) {
            throw new IllegalArgumentException("sample mean " + mean + " and variance " + variance + " must be finite, variance >= 0");
        }
    }

    /** The sample of these raw iteration values. */
    public static Sample of(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("a sample needs at least one value, got none");
        }
        double mean = Arrays.stream(values).sum() / values.length;
        double squares = 0;
        for (double v : values) {
            squares += (v - mean) * (v - mean);
        }
        return new Sample(mean, values.length > 1 ? squares / (values.length - 1) : 0, values.length);
    }

    /** Variance of the mean, s²/n. */
    public double meanVariance() {
        return variance / n;
    }

    /** Half-width of the {@link #CONFIDENCE} interval of the mean: JMH's score error. NaN with a single value. */
    public double error() {
        return error(CONFIDENCE);
    }

    /**
     * Half-width of the two-sided Student-t interval of the mean at this confidence; NaN with a
     * single value, where no interval exists.
     */
    public double error(double confidence) {
        if (n < 2) {
            return Double.NaN;
        }
        return tQuantile(confidence, n - 1) * Math.sqrt(meanVariance());
    }

    /** The two-sided Student-t critical value: P(|T| <= t) = confidence with these degrees of freedom. */
    public static double tQuantile(double confidence, double degreesOfFreedom) {
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence " + confidence + " must be between 0 and 1 (exclusive)");
        }
        return new TDistribution(null, degreesOfFreedom).inverseCumulativeProbability(0.5 + confidence / 2);
    }

    /**
     * The upper quantile of Fisher's F with these degrees of freedom: P(F <= f) = probability. A
     * ratio of two variance estimates above it says, at that probability, that the first is larger.
     */
    public static double fQuantile(double probability, double numeratorDf, double denominatorDf) {
        if (!(probability > 0 && probability < 1)) {
            throw new IllegalArgumentException("probability " + probability + " must be between 0 and 1 (exclusive)");
        }
        return new FDistribution(null, numeratorDf, denominatorDf).inverseCumulativeProbability(probability);
    }
}
