package org.fiberbench.executor;

import java.util.List;
import java.util.Optional;

/** {@code inline}: tasks run one after another in the calling thread, the sequential baseline of sweeps. */
public record InlineExecutorSpec() implements ExecutorSpec {
    public static final ExecutorKind KIND = new ExecutorKind("inline", List.of(), "inline",
            "runs tasks one after another in the calling thread (the sequential baseline)",
            s -> new InlineExecutorSpec());

    @Override
    public ExecutorKind kind() {
        return KIND;
    }

    @Override
    public String canonical() {
        return "inline";
    }

    @Override
    public String template() {
        return canonical();
    }

    @Override
    public int parallelism() {
        return 1;
    }

    @Override
    public Optional<ExecutorSpec> with(ExecutorAxis axis, int n) {
        return Optional.empty();
    }

    @Override
    public TaskExecutor create() {
        return new InlineTaskExecutor(this);
    }

    @Override
    public String toString() {
        return canonical();
    }
}
