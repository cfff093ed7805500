package org.fiberbench.stats;

import java.util.Arrays;

/**
 * Why a series of iteration values has a wide interval, for the note beside a missed precision
 * target: a warm-up that was not over when measuring began, or a few iterations far from the rest
 * (on a shared machine, another tenant took the CPU for a while). A diagnosis only: the score and
 * its interval still cover every iteration, as JMH's do.
 *
 * @param warmupIterations how many leading iterations look like an unfinished warm-up (0: none)
 * @param offMedian        how many of the other iterations are {@link #OFF_MEDIAN}× the median or more
 *                         away from it, in either direction
 */
public record Steadiness(int warmupIterations, int offMedian) {
    /** An iteration this many times the median, or the median this many times the iteration, is "off". */
    public static final double OFF_MEDIAN = 1.4;
    /** A warm-up must move the mean of the series by at least this fraction of the rest's mean. */
    static final double MIN_SHIFT = 0.01;
    /** The truncation rule needs this many values left after the cut. */
    private static final int MIN_KEPT = 3;

    public static final Steadiness STEADY = new Steadiness(0, 0);

    /**
     * The leading iterations are a warm-up when cutting them minimises the marginal standard error
     * (MSER: the squared deviations of the rest from their mean over the square of their count; the
     * cut is searched up to half the series), and every one of them lies beyond all the rest on the
     * same side (when the least-MSER cut fails that, the longest shorter cut that passes it), and they
     * move the mean by {@link #MIN_SHIFT} of it or more. The last two conditions keep a noisy but level
     * series from losing its first values.
     */
    public static Steadiness of(double[] values) {
        int n = values.length;
        if (n < MIN_KEPT + 1) {
            return STEADY;
        }
        int cut = mserCut(values);
        while (cut > 0 && !apart(values, cut)) {
            cut--; // MSER may cut past the warm-up into the level's own low (or high) values
        }
        double restMean = tail(values, cut).mean();
        if (cut > 0 && Math.abs(tail(values, 0).mean() - restMean) < MIN_SHIFT * Math.abs(restMean)) {
            cut = 0; // a first iteration a little above a level series: no warm-up worth a word
        }
        double[] rest = Arrays.copyOfRange(values, cut, n);
        double median = median(rest);
        int off = 0;
        if (median > 0) {
            for (double v : rest) {
                if (v >= OFF_MEDIAN * median || v * OFF_MEDIAN <= median) {
                    off++;
                }
            }
        }
        return new Steadiness(cut, off);
    }

    public boolean steady() {
        return warmupIterations == 0 && offMedian == 0;
    }

    /** The cut d in 0..n/2 (leaving at least {@link #MIN_KEPT}) with the least MSER; the first such d. */
    static int mserCut(double[] x) {
        int n = x.length;
        int best = 0;
        double bestMser = Double.POSITIVE_INFINITY;
        for (int d = 0; d <= n / 2 && n - d >= MIN_KEPT; d++) {
            Sample rest = tail(x, d);
            double mser = rest.variance() * (rest.n() - 1) / ((double) rest.n() * rest.n()); // squared deviations / (n-d)²
            if (mser < bestMser) {
                bestMser = mser;
                best = d;
            }
        }
        return best;
    }

    /** Whether x[0..cut) all lie above the largest, or all below the smallest, of x[cut..]. */
    private static boolean apart(double[] x, int cut) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (int i = cut; i < x.length; i++) {
            min = Math.min(min, x[i]);
            max = Math.max(max, x[i]);
        }
        boolean above = true;
        boolean below = true;
        for (int i = 0; i < cut; i++) {
            above &= x[i] > max;
            below &= x[i] < min;
        }
        return above || below;
    }

    private static Sample tail(double[] x, int from) {
        return Sample.of(Arrays.copyOfRange(x, from, x.length));
    }

    private static double median(double[] values) {
        double[] s = values.clone();
        Arrays.sort(s);
        int m = s.length / 2;
        return s.length % 2 == 1 ? s[m] : (s[m - 1] + s[m]) / 2;
    }
}
