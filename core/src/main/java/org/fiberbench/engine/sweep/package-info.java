/**
 * Sweeps: plans derived from a plan. {@link org.fiberbench.engine.sweep.Sweep} ({@code --sweep
 * workers=1..8}) varies one size of every scenario through the spec records' own variants and adds
 * speed-up and efficiency to the results; {@link org.fiberbench.engine.sweep.RateSweep} ({@code
 * --sweep rate=LO..HI:STEP --sla p99=50ms}) runs an open load at rising rates and skips the higher
 * ones once a rate breaks the objective, listening to the run as it goes. Both sit above the
 * engine: they make plans and listen to runs, and the engine does not know them.
 */
package org.fiberbench.engine.sweep;
