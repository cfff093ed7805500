package org.fiberbench.measure;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Means, Student-t intervals and ratios over measurement iterations. The ratio interval uses the
 * delta method with Welch–Satterthwaite degrees of freedom; a ratio is significant when its 99.9%
 * interval excludes 1. Stateless and thread-safe.
 */
public final class Stats {
    public static final double CONFIDENCE = 0.999;

    private Stats() {
    }

    public static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s / v.length;
    }

    public static double variance(double[] v) {
        if (v.length < 2) {
            return Double.NaN;
        }
        double m = mean(v);
        double s = 0;
        for (double x : v) {
            s += (x - m) * (x - m);
        }
        return s / (v.length - 1);
    }

    /** Two-sided Student-t critical value at {@code confidence} with {@code df} degrees of freedom. */
    public static double tCritical(double df, double confidence) {
        return new TDistribution(df).inverseCumulativeProbability(1 - (1 - confidence) / 2);
    }

    /** Half-width of the {@link #CONFIDENCE} interval of the mean; NaN with fewer than 2 values. */
    public static double halfWidth(double[] v) {
        if (v.length < 2) {
            return Double.NaN;
        }
        return tCritical(v.length - 1, CONFIDENCE) * Math.sqrt(variance(v) / v.length);
    }

    /**
     * mean(b) / mean(a) with its 99.9% interval: {@code {value, ci_low, ci_high, significant}}.
     * With fewer than two iterations on either side the interval is unknown and nothing is significant.
     */
    public static Map<String, Object> ratio(double[] a, double[] b) {
        Map<String, Object> out = new LinkedHashMap<>();
        double ma = mean(a);
        double mb = mean(b);
        double r = mb / ma;
        out.put("value", r);
        if (a.length < 2 || b.length < 2 || ma == 0) {
            out.put("ci_low", null);
            out.put("ci_high", null);
            out.put("significant", false);
            return out;
        }
        double va = variance(a) / a.length;
        double vb = variance(b) / b.length;
        double relVar = va / (ma * ma) + vb / (mb * mb);
        double sd = Math.abs(r) * Math.sqrt(relVar);
        double df = welchDf(va, a.length, vb, b.length);
        double t = tCritical(df, CONFIDENCE);
        double lo = r - t * sd;
        double hi = r + t * sd;
        out.put("ci_low", lo);
        out.put("ci_high", hi);
        out.put("significant", lo > 1 || hi < 1);
        return out;
    }

    /** Welch–Satterthwaite degrees of freedom from the squared standard errors of two means. */
    static double welchDf(double va, int na, double vb, int nb) {
        double num = (va + vb) * (va + vb);
        double den = va * va / (na - 1) + vb * vb / (nb - 1);
        if (den == 0) {
            return na + nb - 2;
        }
        return Math.max(1, num / den);
    }
}
