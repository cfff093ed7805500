/**
 * {@code fiberbench orderbook generate|replay|throughput|latency|micro}: thin picocli commands over
 * the orderbook module's Java API. Bad input is one line on stderr and exit status 2; measuring
 * commands write a run directory.
 */
package org.fiberbench.cli.orderbook;
