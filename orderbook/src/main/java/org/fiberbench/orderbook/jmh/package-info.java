/**
 * JMH micro-benchmarks of the book (seed 002's cancel benchmarks, plus adds) and
 * {@link org.fiberbench.orderbook.jmh.MicroBenchmarks}, which runs them through JMH's Runner API
 * with the gc profiler so that allocation per operation is reported beside throughput.
 */
package org.fiberbench.orderbook.jmh;
