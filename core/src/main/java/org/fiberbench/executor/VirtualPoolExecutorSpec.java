package org.fiberbench.executor;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.fiberbench.spec.Spec;

/**
 * {@code virtual-pool:size=M[,scheduler=S,carriers=N]}: a fixed pool of M virtual threads (the
 * coroutine pool of the database experiment).
 *
 * @param size      the pool's virtual threads
 * @param scheduler the scheduler they run on
 */
public record VirtualPoolExecutorSpec(int size, VirtualScheduler scheduler) implements OnVirtualThreads {
    public static final ExecutorKind KIND = new ExecutorKind("virtual-pool", List.of("size", "scheduler", "carriers"),
            "virtual-pool:size=1000,scheduler=forkjoin,carriers=2",
            "a fixed pool of M virtual threads (the coroutine pool of the database experiment); size=M, optional scheduler, carriers",
            VirtualPoolExecutorSpec::parse);

    public VirtualPoolExecutorSpec {
        ExecutorSpec.inRange("virtual-pool", "size", size, MAX_VIRTUAL_POOL);
        Objects.requireNonNull(scheduler);
    }

    static VirtualPoolExecutorSpec parse(Spec s) {
        int size = (int) s.requiredLong("size", 1, MAX_VIRTUAL_POOL);
        return new VirtualPoolExecutorSpec(size, VirtualScheduler.parse(s));
    }

    @Override
    public ExecutorKind kind() {
        return KIND;
    }

    @Override
    public String canonical() {
        return "virtual-pool:size=" + size + scheduler.suffix(",", scheduler.carriers());
    }

    @Override
    public String template() {
        return "virtual-pool:size=" + size + scheduler.suffix(",", "N");
    }

    @Override
    public int parallelism() {
        return scheduler.isDefault() ? ExecutorSpec.cpus() : scheduler.carriers();
    }

    @Override
    public Optional<ExecutorSpec> with(ExecutorAxis axis, int n) {
        return axis == ExecutorAxis.CARRIERS
                ? scheduler.withCarriers("virtual-pool", n).map(c -> new VirtualPoolExecutorSpec(size, c)) : Optional.empty();
    }

    @Override
    public TaskExecutor create() {
        return TaskExecutors.virtual(this, size);
    }

    @Override
    public String toString() {
        return canonical();
    }
}
