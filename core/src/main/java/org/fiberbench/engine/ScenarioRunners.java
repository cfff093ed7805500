package org.fiberbench.engine;

import java.util.EnumMap;
import java.util.Map;
import org.fiberbench.load.LoadSpec;
import org.fiberbench.spec.SpecException;

/** Which runner runs which load model. Batches run on JMH; closed and open loops in a loop fork. */
public final class ScenarioRunners {
    private static final Map<LoadSpec.Kind, ScenarioRunner> RUNNERS = new EnumMap<>(LoadSpec.Kind.class);

    static {
        register(LoadSpec.Kind.BATCH, new JmhBatchRunner());
        register(LoadSpec.Kind.CLOSED, new ForkedLoopRunner());
        register(LoadSpec.Kind.OPEN, new ForkedLoopRunner());
        // http:url=/PATH: fiberbench's own server forked on the scenario's executor (seed 003's server part)
        register(LoadSpec.Kind.CLOSED, new ServedHttpRunner(RUNNERS.get(LoadSpec.Kind.CLOSED)));
        register(LoadSpec.Kind.OPEN, new ServedHttpRunner(RUNNERS.get(LoadSpec.Kind.OPEN)));
    }

    private ScenarioRunners() {
    }

    public static synchronized void register(LoadSpec.Kind kind, ScenarioRunner runner) {
        RUNNERS.put(kind, runner);
    }

    public static synchronized ScenarioRunner forLoad(LoadSpec.Kind kind) {
        ScenarioRunner r = RUNNERS.get(kind);
        if (r == null) {
            throw new SpecException("load model '" + kind.name().toLowerCase(java.util.Locale.ROOT)
                    + "' cannot run in this build; accepted: " + RUNNERS.keySet().stream()
                    .map(k -> k.name().toLowerCase(java.util.Locale.ROOT)).toList());
        }
        return r;
    }
}
