package org.fiberbench.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.fiberbench.measure.ObserveOptions;
import org.fiberbench.stats.Precision;

/**
 * What one run needs beyond its {@link Plan}, handed by the CLI to the {@link Engine} and from
 * there to every runner: what each fork observes, whether JMH's own log is echoed, and the
 * parent-side hooks wrapped around each scenario (a database, for instance). Nothing here lives
 * in a static field, so two runs in one JVM never see each other's options; what a fork needs
 * is written onto its command line by the runner ({@link Observation#forkJvmArgs}).
 *
 * @param observe what every scenario's JVM observes (resources, pinning, profiler, JFR)
 * @param verbose also copy JMH's own output to stderr
 * @param hooks   run around every scenario, the first outermost
 * @param precision precision on demand ({@code --precision}); null: the configured iterations, no more
 */
public record RunContext(ObserveOptions observe, boolean verbose, List<ScenarioHook> hooks, Precision precision) {
    /** Default observation, quiet, no hooks: what a run without flags uses. */
    public static final RunContext DEFAULT = new RunContext(ObserveOptions.DEFAULT, false, List.of(), null);

    public RunContext {
        Objects.requireNonNull(observe);
        hooks = List.copyOf(hooks);
    }

    public RunContext withObserve(ObserveOptions o) {
        return new RunContext(o, verbose, hooks, precision);
    }

    public RunContext withVerbose(boolean v) {
        return new RunContext(observe, v, hooks, precision);
    }

    /** This context with {@code hook} wrapped inside those already there; null adds nothing. */
    public RunContext withHook(ScenarioHook hook) {
        if (hook == null) {
            return this;
        }
        List<ScenarioHook> all = new ArrayList<>(hooks);
        all.add(hook);
        return new RunContext(observe, verbose, all, precision);
    }

    public RunContext withPrecision(Precision p) {
        return new RunContext(observe, verbose, hooks, p);
    }
}
