package org.fiberbench.engine;

import org.fiberbench.result.ScenarioResult;

/**
 * Lets a run react to results as they come, e.g. a rate sweep that stops once its SLA is broken.
 * Called on the engine's thread, between scenarios.
 */
public interface RunListener {

    /** True to skip {@code scenario} (not run, not recorded). */
    default boolean skip(Scenario scenario) {
        return false;
    }

    /** Called with each result before it is recorded; may add sections to it. */
    default void finished(Scenario scenario, ScenarioResult result) {
    }
}
