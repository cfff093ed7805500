package org.fiberbench.engine.jmh;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import org.fiberbench.engine.BatchRunnerFactory;
import org.fiberbench.engine.RunContext;
import org.fiberbench.engine.ScenarioRunners;
import org.junit.jupiter.api.Test;

/** The engine reaches JMH only through the factory the class path registers: batches must still run on JMH. */
class JmhBatchRunnerFactoryTest {

    @Test
    void theRegisteredBatchRunnerFactoryIsJmhs() {
        assertInstanceOf(JmhBatchRunnerFactory.class, BatchRunnerFactory.find());
    }

    @Test
    void batchLoadsGetTheJmhRunnerAndLoopLoadsDoNot() {
        assertInstanceOf(JmhBatchRunner.class, ScenarioRunners.forLoad("batch", RunContext.DEFAULT));
        assertFalse(ScenarioRunners.forLoad("open", RunContext.DEFAULT) instanceof JmhBatchRunner, "open loads run in a loop fork");
    }
}
