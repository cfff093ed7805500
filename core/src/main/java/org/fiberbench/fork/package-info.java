/**
 * Starting fiberbench's own child JVMs. {@link org.fiberbench.fork.JavaCommand} is the start of
 * every child's command line; the engine (scenario forks, the served server) and the executors
 * (process-pool workers) both build on it, so neither needs the other to start a JVM. A child may
 * run on another JDK than its parent ({@link org.fiberbench.fork.Jdk}, from {@code --jdk}): its
 * {@code java} and the options that JDK's version takes. A process-pool worker is started by its
 * fork with the fork's own {@code java}, so it runs on the scenario's JDK too.
 */
package org.fiberbench.fork;
