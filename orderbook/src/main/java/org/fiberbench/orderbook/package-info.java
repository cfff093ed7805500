/**
 * The order book of seed 002 and what measures it. {@link org.fiberbench.orderbook.OrderBook} has
 * two implementations made by {@link org.fiberbench.orderbook.BookKind}: {@code naive}, the seed's
 * sorted map of FIFO queues whose cancel scans the book, and {@code fast}, with an id index and
 * intrusive per-level lists in primitive arrays. Commands come from a CSV file
 * ({@link org.fiberbench.orderbook.CommandCodec}) or the deterministic
 * {@link org.fiberbench.orderbook.Generator}; {@link org.fiberbench.orderbook.Replay} feeds them to a
 * book. Sub-packages: {@code bench} (throughput and open-loop latency drivers and their forks),
 * {@code jfr} (Flight Recorder summary), {@code jmh} (micro-benchmarks). No other fiberbench dependency.
 */
package org.fiberbench.orderbook;
