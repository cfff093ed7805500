package org.fiberbench.engine;

import java.util.Objects;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.load.LoadSpec;
import org.fiberbench.workload.WorkloadSpec;

/**
 * Executor × workload × load model, with everything resolved: what a fork needs to run it.
 *
 * @param group    scenarios compared with each other; the first of a group is its baseline
 * @param settings measurement settings, JVM options included
 */
public record Scenario(ExecutorSpec executor, WorkloadSpec workload, LoadSpec load, Settings settings, String group) {

    public Scenario {
        Objects.requireNonNull(executor);
        Objects.requireNonNull(workload);
        Objects.requireNonNull(load);
        Objects.requireNonNull(settings);
        if (group == null) {
            group = workload.canonical() + " × " + load.canonical()
                    + (settings.jvmArgs().isEmpty() ? "" : " " + String.join(" ", settings.jvmArgs()));
        }
    }

    public Scenario(ExecutorSpec executor, WorkloadSpec workload, LoadSpec load, Settings settings) {
        this(executor, workload, load, settings, null);
    }

    /** {@code executor × workload × load}, the name used in progress lines and tables. */
    public String label() {
        return executor.canonical() + " × " + workload.canonical() + " × " + load.canonical();
    }
}
