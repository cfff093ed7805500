/**
 * Measurement statistics shared by every runner: the Student-t confidence interval JMH reports,
 * and ratios between scenarios with their interval and a significance verdict.
 */
package org.fiberbench.measure;
