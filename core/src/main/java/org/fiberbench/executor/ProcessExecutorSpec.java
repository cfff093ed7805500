package org.fiberbench.executor;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.fiberbench.spec.Spec;
import org.fiberbench.spec.SpecException;

/**
 * {@code process:workers=N,dispatch=shared|static}: N worker JVMs fed by the parent.
 *
 * @param workers  the worker JVMs
 * @param dispatch how tasks reach them: pulled from one queue, or dealt round-robin up front
 */
public record ProcessExecutorSpec(int workers, Dispatch dispatch) implements ExecutorSpec {
    public static final ExecutorKind KIND = new ExecutorKind("process", List.of("workers", "dispatch"),
            "process:workers=2,dispatch=shared",
            "N worker JVMs fed by the parent; dispatch=shared (pull) or static (round-robin up front)",
            ProcessExecutorSpec::parse);

    public enum Dispatch {
        SHARED, STATIC;

        String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public ProcessExecutorSpec {
        ExecutorSpec.inRange("process", "workers", workers, MAX_WORKERS);
        Objects.requireNonNull(dispatch);
    }

    static ProcessExecutorSpec parse(Spec s) {
        String dispatch = s.string("dispatch", "shared").toLowerCase(Locale.ROOT);
        if (!dispatch.equals("shared") && !dispatch.equals("static")) {
            throw new SpecException(s.where("dispatch") + ": '" + dispatch + "' is not accepted; accepted: shared, static");
        }
        return new ProcessExecutorSpec((int) s.requiredLong("workers", 1, MAX_WORKERS),
                Dispatch.valueOf(dispatch.toUpperCase(Locale.ROOT)));
    }

    @Override
    public ExecutorKind kind() {
        return KIND;
    }

    @Override
    public String canonical() {
        return form(workers);
    }

    @Override
    public String template() {
        return form("N");
    }

    private String form(Object n) {
        return "process:workers=" + n + ",dispatch=" + dispatch.id();
    }

    @Override
    public int parallelism() {
        return workers;
    }

    @Override
    public Optional<ExecutorSpec> with(ExecutorAxis axis, int n) {
        return axis == ExecutorAxis.WORKERS ? Optional.of(new ProcessExecutorSpec(n, dispatch)) : Optional.empty();
    }

    @Override
    public TaskExecutor create() {
        return new ProcessTaskExecutor(this);
    }

    @Override
    public String toString() {
        return canonical();
    }
}
