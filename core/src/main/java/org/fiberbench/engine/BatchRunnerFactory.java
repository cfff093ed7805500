package org.fiberbench.engine;

import java.util.List;
import java.util.ServiceLoader;

/**
 * Makes the runner of batch scenarios. The engine knows batches only through this interface: the
 * JMH glue ({@code engine.jmh}) provides it and names itself in {@code
 * META-INF/services/org.fiberbench.engine.BatchRunnerFactory}, so the arrow points from the JMH
 * package to the engine and never back.
 */
public interface BatchRunnerFactory {

    /** A runner for the batch scenarios of a run with {@code context}. */
    ScenarioRunner create(RunContext context);

    /** The one factory on the class path; fails when there is none or more than one (a broken build). */
    static BatchRunnerFactory find() {
        List<BatchRunnerFactory> found = ServiceLoader.load(BatchRunnerFactory.class, BatchRunnerFactory.class.getClassLoader())
                .stream().map(ServiceLoader.Provider::get).toList();
        if (found.size() != 1) {
            throw new IllegalStateException("expected one batch runner on the class path, found " + found.size());
        }
        return found.get(0);
    }
}
