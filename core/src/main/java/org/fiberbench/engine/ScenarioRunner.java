package org.fiberbench.engine;

import org.fiberbench.result.RunDirectory;
import org.fiberbench.result.ScenarioResult;

/**
 * Runs one scenario in a fresh JVM and returns its result. A failing workload is a result with
 * {@code termination: failure}, not an exception; exceptions mean the harness itself broke.
 */
public interface ScenarioRunner {

    /** Fails with a SpecException when this runner cannot run {@code scenario}; called while planning. */
    default void check(Scenario scenario) {
    }

    ScenarioResult run(Scenario scenario, String id, RunDirectory run) throws Exception;
}
