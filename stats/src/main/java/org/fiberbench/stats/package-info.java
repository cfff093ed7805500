/**
 * The one statistics of fiberbench, shared by the console table and results.json (core) and by the
 * report and {@code compare} (report): a sample's mean with its Student-t interval
 * ({@link org.fiberbench.stats.Sample}, the interval JMH prints as {@code score_error}), and the
 * ratio of two means with its interval and significance ({@link org.fiberbench.stats.Ratio#of}).
 *
 * <p>The ratio interval is Fieller's for two independent samples with unequal variances, with
 * Welch–Satterthwaite degrees of freedom, so the interval excludes 1 exactly when Welch's two-sided
 * t-test rejects "equal means" at the same level. It is preferred to the delta method (a first-order
 * expansion of the ratio) because it is exact for normal means: the delta method's symmetric
 * interval can fall below 0 and undercovers when the baseline's own interval is wide, and its
 * verdict at 1 need not match the t-test's. The ratios measured here are of positive quantities,
 * so the interval ({@link org.fiberbench.stats.RatioInterval}) starts at 0 at the lowest and is
 * open-ended above when the baseline's mean is not distinguishable from 0. Everything uses 99.9%,
 * as JMH does. Stateless and thread-safe.
 */
package org.fiberbench.stats;
