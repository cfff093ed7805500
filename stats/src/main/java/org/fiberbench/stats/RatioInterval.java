package org.fiberbench.stats;

import java.util.Locale;

/**
 * The confidence interval of a ratio of two positive quantities (times, rates): never below 0,
 * and open-ended above when the data cannot bound it.
 *
 * @param lower the lower end, finite and at least 0
 * @param upper the upper end, at least {@code lower}; {@code +∞} when the data give no upper bound
 */
public record RatioInterval(double lower, double upper) {

    /** What the data say when they cannot bound the ratio at all: every positive value. */
    public static final RatioInterval UNBOUNDED = new RatioInterval(0, Double.POSITIVE_INFINITY);

    public RatioInterval {
        if (!(lower >= 0) || Double.isInfinite(lower) || !(upper >= lower)) {
            throw new IllegalArgumentException("ratio interval [" + lower + ", " + upper + "] must have 0 <= lower <= upper, lower finite");
        }
    }

    /** Whether the data bound the ratio from above. */
    public boolean bounded() {
        return Double.isFinite(upper);
    }

    public boolean contains(double ratio) {
        return lower <= ratio && ratio <= upper;
    }

    /**
     * The interval as the console, the report and {@code compare} print it, three decimals:
     * {@code [0.244, 0.822]}, {@code [1.520, unbounded]} when only a lower bound exists, and
     * {@code unbounded} when the data bound it neither way.
     */
    public String text() {
        if (bounded()) {
            return String.format(Locale.ROOT, "[%.3f, %.3f]", lower, upper);
        }
        return lower > 0 ? String.format(Locale.ROOT, "[%.3f, unbounded]", lower) : "unbounded";
    }
}
