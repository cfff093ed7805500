/**
 * Seed 002's application benchmarks. {@link org.fiberbench.orderbook.bench.ThroughputBenchmark}
 * replays a log and reports commands per second; {@link org.fiberbench.orderbook.bench.LatencyBenchmark}
 * is an open loop at a fixed rate with the seed's three {@link org.fiberbench.orderbook.bench.Timing}s,
 * recording nanoseconds into HdrHistogram. {@link org.fiberbench.orderbook.bench.Forked} runs each in a
 * fresh JVM through {@link org.fiberbench.orderbook.bench.Fork} and
 * {@link org.fiberbench.orderbook.bench.ForkMain}, so JVM options (a collector, a young generation
 * size) can be compared, as in the seed's GC experiment; a fork's result comes back as the same
 * typed record it made (throughput rows, a latency result), written and read as JSON.
 */
package org.fiberbench.orderbook.bench;
