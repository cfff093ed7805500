package org.fiberbench.engine;

import org.fiberbench.load.LoadKind;
import org.fiberbench.load.LoadSpec;

/**
 * Which runner runs which load kind: every loop load in a loop fork, batches on the runner the
 * {@link BatchRunnerFactory} on the class path makes (JMH's). A load kind says which it is ({@link
 * LoadKind#runsInLoop()}), so a new kind needs no line here. Runners are made per run, from its
 * {@link RunContext}.
 */
public final class ScenarioRunners {
    /** Looked up once: the class path does not change while fiberbench runs. */
    private static final BatchRunnerFactory BATCH = BatchRunnerFactory.find();

    private ScenarioRunners() {
    }

    /** The runner for the load kind {@code kind} (its id, e.g. {@code open}) in a run with {@code context}. */
    public static ScenarioRunner forLoad(String kind, RunContext context) {
        if (LoadSpec.kind(kind).runsInLoop()) {
            // http:url=/PATH: fiberbench's own server forked on the scenario's executor (the web server experiment)
            // and http:...,engine=jmeter: the generator fork replaced by the registered engine
            return new ServedHttpRunner(new HttpEngineRunner(new ForkedLoopRunner(context)));
        }
        return BATCH.create(context);
    }

    /** A runner for planning, which only {@link ScenarioRunner#check}s scenarios: no run, no context yet. */
    public static ScenarioRunner forLoad(String kind) {
        return forLoad(kind, RunContext.DEFAULT);
    }
}
