/**
 * The embedded HTTP server scenario (seed 003): {@link org.fiberbench.server.BenchServer} is an
 * embedded Tomcat whose endpoints run on any fiberbench executor spec, behind a capped queue that
 * cancels requests whose client has left; seed 003's endpoints behind basic auth, the jdbc
 * workload's query at {@code /db}, its own request counter and resource timeline at {@code /stats};
 * {@link org.fiberbench.server.ServerMain} runs it until a signal, as {@code fiberbench serve} and
 * the {@code server} suite's forked JVM do.
 */
package org.fiberbench.server;
