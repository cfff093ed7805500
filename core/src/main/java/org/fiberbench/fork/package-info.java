/**
 * Starting fiberbench's own child JVMs. {@link org.fiberbench.fork.JavaCommand} is the start of
 * every child's command line; the engine (scenario forks, the served server) and the executors
 * (process-pool workers) both build on it, so neither needs the other to start a JVM.
 */
package org.fiberbench.fork;
