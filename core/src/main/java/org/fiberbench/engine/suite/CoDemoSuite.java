package org.fiberbench.engine.suite;

import java.util.List;
import org.fiberbench.engine.Defaults;
import org.fiberbench.engine.Scenario;
import org.fiberbench.engine.Suite;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.load.LoadSpec;
import org.fiberbench.result.LatencyTable;
import org.fiberbench.workload.WorkloadSpec;

/**
 * Seed 002's lesson on coordinated omission: one over-capacity open run (by default one thread
 * serving 10 ms tasks, capacity 100/s, asked for 200/s; 300/s at full scale, the seed's 3×),
 * measured three ways at once — service time only, from the start of each 1-second batch, and from
 * uniformly spaced intended starts. Any executor: {@code run co-demo -e SPEC}.
 */
final class CoDemoSuite {
    static final String EXECUTOR = "platform:fixed=1";
    static final String WORKLOAD = "sleep:ms=10";

    private CoDemoSuite() {
    }

    static Suite suite() {
        return new Suite("co-demo", "002",
                "coordinated omission: one over-capacity open run measured three ways (naive, per-second batch, uniform)",
                (scale, o) -> {
                    String load = scale == Suite.Scale.FULL ? "open:rate=300,duration=10s,warmup=2s"
                            : "open:rate=200,duration=5s,warmup=1s";
                    String group = LatencyTable.CO_DEMO_GROUP + ": " + WORKLOAD + " × " + load;
                    return List.of(new Scenario(ExecutorSpec.parse(EXECUTOR), WorkloadSpec.parse(WORKLOAD),
                            LoadSpec.parse(load), Defaults.SETTINGS.with(o), group));
                });
    }
}
