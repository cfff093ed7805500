package org.fiberbench.stats;

import java.util.List;

/**
 * Rounds of values (in fiberbench, forks of per-pair log ratios) summed up for a one-way analysis
 * of variance: each round's mean, the pooled variance of the values about their own round's mean
 * (σ_w², with its degrees of freedom), and what that scatter alone puts into the variance of a
 * round's mean, σ_w² · mean(1/k) for rounds of k values. {@link Ratio#ofRounds} floors the rounds'
 * spread with it; the calibration's variance split compares the rounds' spread against it.
 * Immutable.
 */
public final class RoundScatter {
    private final double[] means;
    private final double within;
    private final int withinDf;
    private final double inverseSizes;

    private RoundScatter(double[] means, double within, int withinDf, double inverseSizes) {
        this.means = means;
        this.within = within;
        this.withinDf = withinDf;
        this.inverseSizes = inverseSizes;
    }

    /**
     * The scatter of {@code rounds}, each holding at least one value; a round of one value has a
     * mean but adds nothing to σ_w².
     */
    public static RoundScatter of(List<double[]> rounds) {
        int n = rounds.size();
        if (n == 0) {
            throw new IllegalArgumentException("no rounds of values");
        }
        double[] means = new double[n];
        double within = 0;
        int withinDf = 0;
        double inverseSizes = 0;
        for (int r = 0; r < n; r++) {
            double[] values = rounds.get(r);
            if (values.length == 0) {
                throw new IllegalArgumentException("round " + r + " has no values");
            }
            Sample s = Sample.of(values);
            means[r] = s.mean();
            if (s.n() > 1) {
                within += s.variance() * (s.n() - 1);
                withinDf += s.n() - 1;
            }
            inverseSizes += 1.0 / values.length;
        }
        return new RoundScatter(means, within, withinDf, inverseSizes);
    }

    /** The rounds. */
    public int rounds() {
        return means.length;
    }

    /** Each round's mean, in order (a copy). */
    public double[] means() {
        return means.clone();
    }

    /** The degrees of freedom of {@link #withinVariance}: the values less one per round of two or more. */
    public int withinDf() {
        return withinDf;
    }

    /** σ_w², the pooled variance of the values about their round's mean; NaN when no round has two values. */
    public double withinVariance() {
        return withinDf == 0 ? Double.NaN : within / withinDf;
    }

    /**
     * σ_w² · mean(1/k): the variance the scatter alone gives a round's mean, the least the rounds'
     * spread can honestly be taken as; NaN when no round has two values.
     */
    public double meanVariance() {
        return withinVariance() * inverseSizes / means.length;
    }
}
