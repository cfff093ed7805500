package org.fiberbench.engine;

import org.fiberbench.result.RunDirectory;
import org.fiberbench.result.ScenarioResult;

/**
 * Parent-side work around one scenario: what its fork needs that only the parent can provide
 * (an embedded database server, a connection check, a secret handed over in a file), and what the
 * parent learns afterwards (counters the fork left behind, sessions left on a server). A hook
 * that does not concern a scenario passes it straight to {@code next}.
 */
@FunctionalInterface
public interface ScenarioHook {

    /** Runs {@code scenario} through {@code next}, possibly with a changed scenario, and returns its result. */
    ScenarioResult around(Scenario scenario, String id, RunDirectory run, ScenarioRunner next) throws Exception;
}
