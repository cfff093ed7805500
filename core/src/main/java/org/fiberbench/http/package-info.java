/**
 * HTTP as a workload and as load: {@link org.fiberbench.http.HttpWorkload} ({@code
 * http:url=...}) sends one request per task through an {@link org.fiberbench.http.HttpSender} (the
 * JDK's client or a plain socket one) and checks the answer: a failed request is an error counted
 * by class, never a fast sample; {@link org.fiberbench.http.LoadGenerator} drives closed or open load against a URL for
 * the {@code load} command and records each request's latency ({@link
 * org.fiberbench.http.LoadRecorder}, {@link org.fiberbench.http.LoadOutcome}) with response-time
 * ranges ({@link org.fiberbench.http.Buckets}). The server a relative {@code http:url=/PATH}
 * scenario runs against is found at run time through {@link org.fiberbench.http.ServedServer}, so
 * core does not depend on the server module.
 */
package org.fiberbench.http;
