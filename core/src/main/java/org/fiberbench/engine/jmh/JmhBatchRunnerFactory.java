package org.fiberbench.engine.jmh;

import org.fiberbench.engine.BatchRunnerFactory;
import org.fiberbench.engine.RunContext;
import org.fiberbench.engine.ScenarioRunner;

/** Batch scenarios run on JMH: the engine finds this factory with {@code ServiceLoader}. */
public final class JmhBatchRunnerFactory implements BatchRunnerFactory {

    public JmhBatchRunnerFactory() {
        // ServiceLoader instantiates providers reflectively
    }

    @Override
    public ScenarioRunner create(RunContext context) {
        return new JmhBatchRunner(context);
    }
}
