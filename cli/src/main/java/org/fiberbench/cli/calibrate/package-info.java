/**
 * {@code fiberbench calibrate}: fiberbench's own cost, measured against hand-written JMH benchmarks of
 * the experiments' code ({@code org.fiberbench.engine.jmh.Reference*}). {@link
 * org.fiberbench.cli.calibrate.Pairs} names each reference with the fiberbench scenario that does the
 * same work; {@code Calibration} alternates the two sides over rounds through a {@code Sides}
 * interface (JMH forks for real in {@code JmhSides}, injected scores in tests); {@code Outcome} pools
 * the iterations and takes the ratio and its interval from the stats module. Only the command is public.
 */
package org.fiberbench.cli.calibrate;
