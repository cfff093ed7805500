package org.fiberbench.engine;

import java.util.List;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.result.ScenarioResult;

/**
 * The hooks of a run's {@link RunContext} wrapped around a scenario's runner. The hooks come
 * with the context, so a hook never outlives the run (and the options) it was made for.
 */
public final class ScenarioHooks {

    private ScenarioHooks() {
    }

    /** Runs {@code s} with its load model's runner, inside every hook of {@code context} (first = outermost). */
    public static ScenarioResult run(Scenario s, String id, RunDirectory run, RunContext context) throws Exception {
        ScenarioRunner runner = ScenarioRunners.forLoad(s.load().kind(), context);
        List<ScenarioHook> hooks = context.hooks();
        for (int i = hooks.size() - 1; i >= 0; i--) {
            ScenarioHook hook = hooks.get(i);
            ScenarioRunner next = runner;
            runner = (sc, scId, dir) -> hook.around(sc, scId, dir, next);
        }
        return runner.run(s, id, run);
    }
}
