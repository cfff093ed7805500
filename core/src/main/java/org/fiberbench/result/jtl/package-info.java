/**
 * {@code import jtl}: a JMeter result file (CSV JTL) turned into a fiberbench run directory. The
 * samples are streamed row by row into the same HdrHistogram views, one-second intervals and
 * {@code latency} section as the built-in load generator's, with a per-agent breakdown for
 * distributed runs. JMeter stamps each sample when it was actually sent, so only the service-time
 * view exists; the corrected view says why it is absent. {@link org.fiberbench.result.jtl.JtlImport}
 * is the entry point; the rest is package-private.
 */
package org.fiberbench.result.jtl;
