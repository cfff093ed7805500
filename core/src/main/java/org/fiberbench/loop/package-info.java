/**
 * The loop fork: runs one closed or open scenario in a fresh JVM ({@link org.fiberbench.loop.LoopFork}).
 * The {@link org.fiberbench.load.LoadModel} its {@link org.fiberbench.load.LoopLoad} makes submits
 * the tasks (closed: N users each loop submit → wait; open: a pacer starts task i at its intended
 * start, whatever the system does, so a stalled system shows its real latency). Every finished task
 * is recorded wait-free into HdrHistogram recorders ({@link org.fiberbench.measure.LatencyRecorder});
 * one sampler thread cuts 1-second intervals, writes the {@code .hlog} and sums the totals.
 */
package org.fiberbench.loop;
