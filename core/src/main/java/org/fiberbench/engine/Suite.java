package org.fiberbench.engine;

import java.util.List;
import java.util.Objects;
import java.util.function.BiFunction;

/**
 * A named list of scenarios at two scales: {@code quick} fits a 2-core laptop in minutes,
 * {@code full} uses the seed's own parameters.
 */
public record Suite(String name, String seed, String description,
                    BiFunction<Scale, Settings.Overrides, List<Scenario>> scenarios) {

    public enum Scale { QUICK, FULL }

    public Suite {
        Objects.requireNonNull(name);
        Objects.requireNonNull(scenarios);
    }

    public List<Scenario> plan(Scale scale, Settings.Overrides overrides) {
        return scenarios.apply(scale, overrides);
    }
}
