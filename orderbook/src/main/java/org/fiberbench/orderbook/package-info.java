/** The order book engine, its command codec and generator (seed 002). No other fiberbench dependency. */
package org.fiberbench.orderbook;
