package org.fiberbench.executor;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** {@code virtual[:scheduler=S,carriers=N]}: a virtual thread per task, on the JDK's scheduler or one of fiberbench's. */
public record VirtualExecutorSpec(VirtualScheduler scheduler) implements OnVirtualThreads {
    public static final ExecutorKind KIND = new ExecutorKind("virtual", List.of("scheduler", "carriers"),
            "virtual:scheduler=fixed,carriers=2", "a virtual thread per task; scheduler=default|forkjoin|fixed|CLASS, carriers=N",
            s -> new VirtualExecutorSpec(VirtualScheduler.parse(s)));

    public VirtualExecutorSpec {
        Objects.requireNonNull(scheduler);
    }

    @Override
    public ExecutorKind kind() {
        return KIND;
    }

    @Override
    public String canonical() {
        return "virtual" + scheduler.suffix(":", scheduler.carriers());
    }

    @Override
    public String template() {
        return "virtual" + scheduler.suffix(":", "N");
    }

    @Override
    public int parallelism() {
        return scheduler.isDefault() ? ExecutorSpec.cpus() : scheduler.carriers();
    }

    @Override
    public Optional<ExecutorSpec> with(ExecutorAxis axis, int n) {
        return axis == ExecutorAxis.CARRIERS ? scheduler.withCarriers("virtual", n).map(VirtualExecutorSpec::new) : Optional.empty();
    }

    @Override
    public TaskExecutor create() {
        return TaskExecutors.virtual(this, 0);
    }

    @Override
    public String toString() {
        return canonical();
    }
}
