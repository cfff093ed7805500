package org.fiberbench.executor;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.fiberbench.spec.Spec;
import org.fiberbench.spec.SpecException;

/**
 * {@code platform:cached}, {@code platform:fixed=N} or {@code platform:per-task}: platform threads.
 *
 * @param mode    the pool's shape
 * @param threads the fixed pool's size (0 for the other modes)
 */
public record PlatformExecutorSpec(Mode mode, int threads) implements ExecutorSpec {
    public static final ExecutorKind KIND = new ExecutorKind("platform", List.of("cached", "fixed", "per-task"),
            "platform:fixed=16", "platform threads: cached pool, fixed=N pool, or per-task (a new thread per task)",
            PlatformExecutorSpec::parse);

    public enum Mode {
        CACHED("cached"), FIXED("fixed"), PER_TASK("per-task");

        private final String id;

        Mode(String id) {
            this.id = id;
        }

        static Mode of(String id) {
            for (Mode m : values()) {
                if (m.id.equals(id)) {
                    return m;
                }
            }
            throw new SpecException("executor 'platform' has no mode '" + id + "'; accepted: cached, fixed=N, per-task");
        }
    }

    public PlatformExecutorSpec {
        Objects.requireNonNull(mode);
        if (mode == Mode.FIXED) {
            ExecutorSpec.inRange("platform", "fixed", threads, MAX_PLATFORM_THREADS);
        } else if (threads != 0) {
            throw new SpecException("executor 'platform:" + mode.id + "' takes no size; accepted: platform:fixed=N");
        }
    }

    static PlatformExecutorSpec parse(Spec s) {
        if (s.params().size() != 1) {
            throw new SpecException("executor 'platform' needs exactly one of: cached, fixed=N, per-task (got '"
                    + s + "')");
        }
        String mode = s.params().keySet().iterator().next();
        if (mode.equals("fixed")) {
            return new PlatformExecutorSpec(Mode.FIXED, (int) s.requiredLong("fixed", 1, MAX_PLATFORM_THREADS));
        }
        if (!s.params().get(mode).isEmpty()) {
            throw new SpecException(s.where(mode) + " takes no value; accepted: platform:cached, platform:per-task, platform:fixed=N");
        }
        return new PlatformExecutorSpec(Mode.of(mode), 0);
    }

    @Override
    public ExecutorKind kind() {
        return KIND;
    }

    @Override
    public String canonical() {
        return form(threads);
    }

    @Override
    public String template() {
        return form("N");
    }

    private String form(Object n) {
        return mode == Mode.FIXED ? "platform:fixed=" + n : "platform:" + mode.id;
    }

    @Override
    public int parallelism() {
        return threads;
    }

    /** A fixed pool's size is both the workers and the threads axis: the process pool experiment's "threads (processes)". */
    @Override
    public Optional<ExecutorSpec> with(ExecutorAxis axis, int n) {
        return mode == Mode.FIXED && (axis == ExecutorAxis.WORKERS || axis == ExecutorAxis.THREADS)
                ? Optional.of(new PlatformExecutorSpec(Mode.FIXED, n)) : Optional.empty();
    }

    @Override
    public TaskExecutor create() {
        WorkerStats stats = WorkerStats.ofTasks();
        ExecutorService service = switch (mode) {
            case CACHED -> Executors.newCachedThreadPool(WorkerThreads.platform("fiberbench-cached-", stats, true, false));
            case FIXED -> Executors.newFixedThreadPool(threads, WorkerThreads.platform("fiberbench-fixed-", stats, true, false));
            case PER_TASK -> Executors.newThreadPerTaskExecutor(WorkerThreads.platform("fiberbench-task-", stats, false, false));
        };
        return new ThreadTaskExecutor(this, service, List.of(), stats);
    }

    @Override
    public String toString() {
        return canonical();
    }
}
