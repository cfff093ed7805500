package org.fiberbench.executor;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.ForkJoinPool;
import org.fiberbench.spec.Spec;

/** {@code forkjoin:parallelism=N}: a plain {@code ForkJoinPool(N)} running the tasks. */
public record ForkJoinExecutorSpec(int parallelism) implements ExecutorSpec {
    public static final ExecutorKind KIND = new ExecutorKind("forkjoin", List.of("parallelism"), "forkjoin:parallelism=2",
            "a plain ForkJoinPool(N) running the tasks", ForkJoinExecutorSpec::parse);

    public ForkJoinExecutorSpec {
        ExecutorSpec.inRange("forkjoin", "parallelism", parallelism, MAX_CARRIERS);
    }

    static ForkJoinExecutorSpec parse(Spec s) {
        return new ForkJoinExecutorSpec(s.intValue("parallelism", ExecutorSpec.cpus(), 1, MAX_CARRIERS));
    }

    @Override
    public ExecutorKind kind() {
        return KIND;
    }

    @Override
    public String canonical() {
        return form(parallelism);
    }

    @Override
    public String template() {
        return form("N");
    }

    private static String form(Object n) {
        return "forkjoin:parallelism=" + n;
    }

    @Override
    public Optional<ExecutorSpec> with(ExecutorAxis axis, int n) {
        return axis == ExecutorAxis.THREADS ? Optional.of(new ForkJoinExecutorSpec(n)) : Optional.empty();
    }

    @Override
    public TaskExecutor create() {
        WorkerStats stats = WorkerStats.ofTasks();
        return new ThreadTaskExecutor(this, new ForkJoinPool(parallelism,
                WorkerThreads.forkJoin("fiberbench-fj-", stats, false), null, false), List.of(), stats);
    }

    @Override
    public String toString() {
        return canonical();
    }
}
