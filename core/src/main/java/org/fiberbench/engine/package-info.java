/**
 * Planning and running scenarios. A {@link org.fiberbench.engine.Plan} expands executors ×
 * workloads × load models (or a {@link org.fiberbench.engine.Suite}) into {@link
 * org.fiberbench.engine.Scenario}s, validating everything before anything runs. The {@link
 * org.fiberbench.engine.Engine} runs each scenario in a fresh JVM through the {@link
 * org.fiberbench.engine.ScenarioRunner} registered for its load model — JMH for batches — and
 * writes each result as soon as it is known. What a run needs beyond its plan (observation,
 * verbosity, hooks) comes in a {@link org.fiberbench.engine.RunContext}, never from static state.
 */
package org.fiberbench.engine;
