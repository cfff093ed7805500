/**
 * The closed and open load models, run in a forked JVM by {@link org.fiberbench.loop.LoopFork}.
 * Closed: N users each loop submit → wait. Open: one pacer starts task i at t0 + i/R (or at a
 * seeded Poisson schedule), whatever the system does, so latency counts from each task's intended
 * start and a stalled system shows its real latency (no coordinated omission). Every finished task
 * is recorded wait-free into HdrHistogram recorders ({@link org.fiberbench.measure.LatencyRecorder});
 * one sampler thread cuts 1-second intervals, writes the {@code .hlog} and sums the totals.
 */
package org.fiberbench.loop;
