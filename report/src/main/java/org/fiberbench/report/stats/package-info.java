/**
 * Statistics behind the report and {@code compare}: a sample's mean with its Student-t interval
 * ({@link org.fiberbench.report.stats.Sample}, the same interval JMH prints as {@code score_error}),
 * and the ratio of two means with its interval and significance
 * ({@link org.fiberbench.report.stats.Ratio#of}).
 *
 * <p>The ratio interval is Fieller's for two independent samples with unequal variances; its
 * degrees of freedom are Welch–Satterthwaite's, so the interval excludes 1 exactly when Welch's
 * two-sided t-test rejects "equal means" at the same level. The report and {@code compare} use
 * 99.9%, as JMH does.
 */
package org.fiberbench.report.stats;
