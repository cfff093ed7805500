/** A text and JSON summary of a Flight Recorder file: hot methods, allocation by class, GC pauses. */
package org.fiberbench.orderbook.jfr;
