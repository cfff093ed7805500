package org.fiberbench.gate;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.fiberbench.engine.Plan;
import org.fiberbench.engine.Scenario;
import org.fiberbench.load.BatchLoad;
import org.fiberbench.load.LoopLoad;

/**
 * A scenario as planned, before it runs: what a threshold's scope is matched with and which
 * metrics it will have. Commands that do not plan through {@link Plan} ({@code load}, the order
 * book's) make their targets directly.
 *
 * @param baseline whether it is the first of its group: a ratio threshold skips it
 */
public record Target(String executor, String workload, String load, Shape shape, boolean baseline) {

    /** The kind of results a scenario gives, which decides its metrics. */
    public enum Shape {
        /** A batch in --mode avgt: a JMH score in time per batch. */
        BATCH_TIME,
        /** A batch in --mode thrpt: a JMH score in batches per second. */
        BATCH_RATE,
        /** An open load: latency from intended starts, a requested rate. */
        OPEN,
        /** A closed load: latency, no requested rate. */
        CLOSED,
        /** Only a rate (the order book's replay). */
        RATE
    }

    /** {@code executor × workload × load}, as progress lines and tables name a scenario. */
    public String label() {
        return executor + " × " + workload + " × " + load;
    }

    /** The targets of a plan; the first scenario of each group is its baseline. */
    public static List<Target> of(Plan plan) {
        List<Target> out = new ArrayList<>();
        Set<String> groups = new HashSet<>();
        for (Scenario s : plan.scenarios()) {
            out.add(new Target(s.executor().canonical(), s.workload().canonical(), s.load().canonical(), shape(s),
                    groups.add(s.group())));
        }
        return out;
    }

    private static Shape shape(Scenario s) {
        if (s.load() instanceof LoopLoad l) {
            return l.open() ? Shape.OPEN : Shape.CLOSED;
        }
        if (s.load() instanceof BatchLoad) {
            return s.settings().mode().equals("avgt") ? Shape.BATCH_TIME : Shape.BATCH_RATE;
        }
        throw new IllegalStateException("a load of no known shape: " + s.load().canonical());
    }
}
