package org.fiberbench.engine;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.fiberbench.executor.ExecutorSpec;

/**
 * {@code run SUITE -e SPEC...}: the suite's scenarios with their executors replaced by the given
 * ones (each workload × load × settings once per given executor), e.g. the co-demo on any executor.
 */
public final class ExecutorOverride {
    private ExecutorOverride() {
    }

    public static Plan apply(Plan plan, List<String> executors) {
        List<ExecutorSpec> es = executors.stream().map(ExecutorSpec::parse).toList();
        Set<String> seen = new LinkedHashSet<>();
        List<Scenario> out = new ArrayList<>();
        for (Scenario s : plan.scenarios()) {
            for (ExecutorSpec e : es) {
                Scenario n = new Scenario(e, s.workload(), s.load(), s.settings(), s.group());
                if (seen.add(n.label() + " " + n.group() + " " + s.settings())) {
                    out.add(n);
                }
            }
        }
        for (Scenario s : out) {
            ScenarioRunners.forLoad(s.load().kind()).check(s);
        }
        return new Plan(plan.name(), plan.scale(), out);
    }
}
