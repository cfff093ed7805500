package org.fiberbench.load;

import java.util.List;
import org.fiberbench.spec.Spec;
import org.fiberbench.spec.SpecException;

/** {@code batch:tasks=N}: submit N tasks and wait for all; JMH scores the batch. */
public record BatchLoad(long tasks) implements LoadSpec {
    static final LoadKind KIND = new LoadKind("batch", BatchLoad.class, List.of("tasks"), "batch:tasks=10000",
            "submit N tasks, wait for all; JMH scores the batch (ms per batch, or batches/s with --mode thrpt)",
            BatchLoad::parse);

    public BatchLoad {
        if (tasks < 1 || tasks > MAX_TASKS) {
            throw new SpecException("load batch: tasks " + tasks + " is not accepted; accepted: 1.." + MAX_TASKS);
        }
    }

    static BatchLoad parse(Spec s) {
        return new BatchLoad(s.requiredLong("tasks", 1, MAX_TASKS));
    }

    @Override
    public String kind() {
        return KIND.id();
    }

    @Override
    public String canonical() {
        return "batch:tasks=" + tasks;
    }

    @Override
    public String toString() {
        return canonical();
    }
}
