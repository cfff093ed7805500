package org.fiberbench.engine;

import java.util.Objects;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.fork.Jdk;
import org.fiberbench.http.HttpWorkload;
import org.fiberbench.load.LoadSpec;
import org.fiberbench.workload.WorkloadSpec;

/**
 * Executor × workload × load model, with everything resolved: what a fork needs to run it.
 *
 * @param group    scenarios compared with each other; the first of a group is its baseline
 * @param settings measurement settings, JVM options included
 * @param jdk      the JDK its forks start with ({@code --jdk}); null: the JDK running fiberbench
 */
public record Scenario(ExecutorSpec executor, WorkloadSpec workload, LoadSpec load, Settings settings, String group,
                       Jdk jdk) {

    public Scenario {
        Objects.requireNonNull(executor);
        Objects.requireNonNull(workload);
        Objects.requireNonNull(load);
        Objects.requireNonNull(settings);
        HttpWorkload.checkLoad(workload.spec(), load); // engine=jmeter: closed or open loads only
        if (group == null) {
            group = workload.canonical() + " × " + load.canonical()
                    + (settings.jvmArgs().isEmpty() ? "" : " " + String.join(" ", settings.jvmArgs()));
        }
    }

    public Scenario(ExecutorSpec executor, WorkloadSpec workload, LoadSpec load, Settings settings, String group) {
        this(executor, workload, load, settings, group, null);
    }

    public Scenario(ExecutorSpec executor, WorkloadSpec workload, LoadSpec load, Settings settings) {
        this(executor, workload, load, settings, null, null);
    }

    /** This scenario on {@code j}, in {@code g}: the same executor, workload, load and settings. */
    public Scenario on(Jdk j, String g) {
        return new Scenario(executor, workload, load, settings, g, j);
    }

    /** This scenario with other settings, on the same JDK and in the same group. */
    public Scenario withSettings(Settings st) {
        return new Scenario(executor, workload, load, st, group, jdk);
    }

    /** {@code executor × workload × load}, the name used in progress lines and tables; the JDK when one was chosen. */
    public String label() {
        return executor.canonical() + " × " + workload.canonical() + " × " + load.canonical()
                + (jdk == null ? "" : " on jdk " + jdk.label());
    }
}
