package org.fiberbench.engine;

import org.fiberbench.engine.jmh.JmhBatchRunner;
import org.fiberbench.load.LoadKind;
import org.fiberbench.load.LoadSpec;

/**
 * Which runner runs which load kind: batches on JMH, every loop load in a loop fork. A load kind
 * says which it is ({@link LoadKind#runsInLoop()}), so a new kind needs no line here.
 */
public final class ScenarioRunners {
    private static final ScenarioRunner JMH = new JmhBatchRunner();
    // http:url=/PATH: fiberbench's own server forked on the scenario's executor (the web server experiment)
    private static final ScenarioRunner LOOP = new ServedHttpRunner(new ForkedLoopRunner());

    private ScenarioRunners() {
    }

    /** The runner for the load kind {@code kind} (its id, e.g. {@code open}). */
    public static ScenarioRunner forLoad(String kind) {
        return LoadSpec.kind(kind).runsInLoop() ? LOOP : JMH;
    }
}
