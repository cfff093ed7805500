package org.fiberbench.engine;

import java.util.List;
import java.util.Objects;
import java.util.function.BiFunction;

/**
 * A named list of scenarios at two scales: {@code quick} fits a 2-core laptop in minutes,
 * {@code full} uses the seed's own parameters. At quick scale no GC is forced before each iteration
 * (unless {@code --gc true}): with iterations of a second or less, JMH's wait for the forced GC to
 * settle took more wall time than the measurement.
 */
public record Suite(String name, String seed, String description,
                    BiFunction<Scale, Settings.Overrides, List<Scenario>> scenarios) {

    public enum Scale { QUICK, FULL }

    public Suite {
        Objects.requireNonNull(name);
        Objects.requireNonNull(scenarios);
    }

    public List<Scenario> plan(Scale scale, Settings.Overrides overrides) {
        List<Scenario> planned = scenarios.apply(scale, overrides);
        if (scale == Scale.FULL || overrides.gc() != null) {
            return planned;
        }
        return planned.stream().map(s -> s.withSettings(s.settings().withGc(false))).toList();
    }
}
