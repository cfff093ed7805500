/**
 * JMH glue: how a batch scenario runs on JMH. {@link org.fiberbench.engine.jmh.JmhBatchRunner} is
 * the engine's runner for {@code batch:} loads, made by {@link
 * org.fiberbench.engine.jmh.JmhBatchRunnerFactory}, which the engine finds with {@code ServiceLoader}
 * (it never names this package); the runner drives JMH's {@code Runner} over {@link
 * org.fiberbench.engine.jmh.BatchBenchmark}, whose {@code @Param} strings carry the specs into the
 * fork, adds {@link org.fiberbench.engine.jmh.ObservingProfiler} to observe the measured iterations,
 * and reads the fork's worker balance back. JMH's annotation processor generates this package's
 * {@code jmh_generated} classes and names the benchmarks after it, so {@code fiberbench jmh -l} lists
 * them as {@code org.fiberbench.engine.jmh.*}; {@link
 * org.fiberbench.engine.jmh.ReferenceThreadsBenchmark} is the thread-per-task experiment's own
 * benchmark, kept as it was written; {@code ReferenceSchedulerBenchmark} and {@code
 * ReferencePoolBenchmark} are the custom-scheduler and thread-pool experiments' code written by hand
 * with the JDK only, {@code ReferenceDatabaseBenchmark} (with HikariCP and the JDBC driver) and
 * {@code ReferenceHttpBenchmark} (the JDK's HttpClient) the database and web server experiments'
 * clients: the yardsticks of {@code fiberbench calibrate}. Only the runner and its factory, the benchmarks, the
 * profiler (which JMH instantiates by name in its forks) and {@link
 * org.fiberbench.engine.jmh.JmhJson} (the rows of {@code results-jmh.json}, which {@code orderbook
 * micro} writes too) are public.
 */
package org.fiberbench.engine.jmh;
