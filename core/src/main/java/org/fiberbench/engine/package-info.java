/**
 * Planning and running scenarios: the few types a command line needs. A {@link
 * org.fiberbench.engine.Plan} expands executors × workloads × load models (or a {@link
 * org.fiberbench.engine.Suite}) into {@link org.fiberbench.engine.Scenario}s, validating everything
 * before anything runs. The {@link org.fiberbench.engine.Engine} runs each scenario in a fresh JVM
 * through the {@link org.fiberbench.engine.ScenarioRunner} that {@link
 * org.fiberbench.engine.ScenarioRunners} picks for its load model, reports progress to {@link
 * org.fiberbench.engine.RunListener}s and writes each result as soon as it is known. The loop runners
 * are package-private here; the JMH runner lives in {@code engine.jmh}, the built-in suites in {@code
 * engine.suite} and the sweeps in {@code engine.sweep}, which build on this package: this package names
 * none of them. Batches reach JMH through {@link org.fiberbench.engine.BatchRunnerFactory}, which the
 * JMH package provides and registers for {@code ServiceLoader}.
 * What a run needs beyond its plan (observation, verbosity, hooks) comes in a {@link
 * org.fiberbench.engine.RunContext}, never from static state. A scenario may name the JDK its forks
 * start with ({@code --jdk}); {@link org.fiberbench.engine.Jdks} finds and resolves them, and {@link
 * org.fiberbench.engine.Plan#onJdks} runs each scenario once per JDK.
 */
package org.fiberbench.engine;
