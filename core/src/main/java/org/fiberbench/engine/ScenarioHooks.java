package org.fiberbench.engine;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.result.ScenarioResult;

/**
 * The hooks the {@link Engine} wraps around every scenario's runner. A command installs a hook
 * for the length of its run and closes the handle afterwards, so a hook never outlives the
 * options it was made from.
 */
public final class ScenarioHooks {
    private static final List<ScenarioHook> HOOKS = new CopyOnWriteArrayList<>();

    private ScenarioHooks() {
    }

    /** Adds {@code hook}; closing the returned handle removes it. */
    public static AutoCloseable install(ScenarioHook hook) {
        HOOKS.add(hook);
        return () -> HOOKS.remove(hook);
    }

    /** Runs {@code s} with its load model's runner, inside every installed hook (first installed = outermost). */
    static ScenarioResult run(Scenario s, String id, RunDirectory run) throws Exception {
        ScenarioRunner runner = ScenarioRunners.forLoad(s.load().kind());
        List<ScenarioHook> hooks = List.copyOf(HOOKS);
        for (int i = hooks.size() - 1; i >= 0; i--) {
            ScenarioHook hook = hooks.get(i);
            ScenarioRunner next = runner;
            runner = (sc, scId, dir) -> hook.around(sc, scId, dir, next);
        }
        return runner.run(s, id, run);
    }
}
