package org.fiberbench.executor;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.fiberbench.spec.Spec;
import org.fiberbench.spec.SpecException;

/**
 * A validated executor spec. {@link #canonical()} is the form used in results and tables: the
 * resolved carrier count is always written out for custom schedulers, so two runs on machines with
 * different CPU counts never look like the same scenario.
 *
 * @param kind      the executor family
 * @param scheduler for virtual kinds: DEFAULT, FORKJOIN, FIXED or CLASS (null otherwise)
 * @param schedulerClass the Executor class name when scheduler is CLASS
 * @param size      carriers, pool size, parallelism or workers, by kind (0 when unused)
 * @param poolSize  virtual-pool's M (0 otherwise)
 * @param option    platform's mode (cached, fixed, per-task) or process dispatch (shared, static)
 */
public record ExecutorSpec(ExecutorKind kind, Scheduler scheduler, String schedulerClass, int size, int poolSize,
                           String option) {

    /** Upper bounds that keep a typo from starting a million OS threads. */
    public static final int MAX_CARRIERS = 10_000;
    public static final int MAX_PLATFORM_THREADS = 100_000;
    public static final int MAX_VIRTUAL_POOL = 10_000_000;
    public static final int MAX_WORKERS = 256;

    public enum Scheduler { DEFAULT, FORKJOIN, FIXED, CLASS }

    public ExecutorSpec {
        Objects.requireNonNull(kind);
    }

    public static int cpus() {
        return Runtime.getRuntime().availableProcessors();
    }

    public static ExecutorSpec parse(String text) {
        Spec s = Spec.parse("executor", text);
        ExecutorKind kind = ExecutorKind.of(s.kind());
        s.requireKeys(kind.keys());
        return switch (kind) {
            case INLINE -> new ExecutorSpec(kind, null, null, 1, 0, null);
            case VIRTUAL -> virtual(kind, s, 0);
            case VIRTUAL_POOL -> virtual(kind, s, (int) s.requiredLong("size", 1, MAX_VIRTUAL_POOL));
            case PLATFORM -> platform(s);
            case FORKJOIN -> new ExecutorSpec(kind, null, null,
                    s.intValue("parallelism", cpus(), 1, MAX_CARRIERS), 0, null);
            case PROCESS -> {
                String dispatch = s.string("dispatch", "shared").toLowerCase(Locale.ROOT);
                if (!dispatch.equals("shared") && !dispatch.equals("static")) {
                    throw new SpecException(s.where("dispatch") + ": '" + dispatch + "' is not accepted; accepted: shared, static");
                }
                yield new ExecutorSpec(kind, null, null, (int) s.requiredLong("workers", 1, MAX_WORKERS), 0, dispatch);
            }
        };
    }

    private static ExecutorSpec virtual(ExecutorKind kind, Spec s, int poolSize) {
        String name = s.string("scheduler", "default");
        Scheduler scheduler;
        String cls = null;
        switch (name.toLowerCase(Locale.ROOT)) {
            case "default" -> scheduler = Scheduler.DEFAULT;
            case "forkjoin" -> scheduler = Scheduler.FORKJOIN;
            case "fixed" -> scheduler = Scheduler.FIXED;
            default -> {
                if (!name.contains(".")) {
                    throw new SpecException(s.where("scheduler") + ": '" + name
                            + "' is not accepted; accepted: default, forkjoin, fixed, or a fully qualified Executor class name");
                }
                scheduler = Scheduler.CLASS;
                cls = name;
                VirtualThreads.checkSchedulerClass(cls);
            }
        }
        if (scheduler == Scheduler.DEFAULT && s.has("carriers")) {
            throw new SpecException(s.where("carriers") + ": carriers needs a custom scheduler; accepted: scheduler=forkjoin|fixed|CLASS with carriers=N");
        }
        int carriers = scheduler == Scheduler.DEFAULT ? 0 : s.intValue("carriers", cpus(), 1, MAX_CARRIERS);
        if (scheduler != Scheduler.DEFAULT) {
            VirtualThreads.requireCustomSchedulers();
        }
        return new ExecutorSpec(kind, scheduler, cls, carriers, poolSize, null);
    }

    private static ExecutorSpec platform(Spec s) {
        if (s.params().size() != 1) {
            throw new SpecException("executor 'platform' needs exactly one of: cached, fixed=N, per-task (got '"
                    + s + "')");
        }
        String mode = s.params().keySet().iterator().next();
        if (mode.equals("fixed")) {
            return new ExecutorSpec(ExecutorKind.PLATFORM, null, null,
                    (int) s.requiredLong("fixed", 1, MAX_PLATFORM_THREADS), 0, "fixed");
        }
        if (!s.params().get(mode).isEmpty()) {
            throw new SpecException(s.where(mode) + " takes no value; accepted: platform:cached, platform:per-task, platform:fixed=N");
        }
        return new ExecutorSpec(ExecutorKind.PLATFORM, null, null, 0, 0, mode);
    }

    /** True when tasks run on virtual threads. */
    public boolean isVirtual() {
        return kind == ExecutorKind.VIRTUAL || kind == ExecutorKind.VIRTUAL_POOL;
    }

    /** The number of carriers, threads or workers bounding parallelism, when the spec fixes one. */
    public int parallelism() {
        return switch (kind) {
            case INLINE -> 1;
            case VIRTUAL, VIRTUAL_POOL -> scheduler == Scheduler.DEFAULT ? cpus() : size;
            case PLATFORM -> option.equals("fixed") ? size : 0;
            case FORKJOIN, PROCESS -> size;
        };
    }

    public String canonical() {
        return switch (kind) {
            case INLINE -> "inline";
            case VIRTUAL -> "virtual" + schedulerSuffix(":");
            case VIRTUAL_POOL -> "virtual-pool:size=" + poolSize + schedulerSuffix(",");
            case PLATFORM -> option.equals("fixed") ? "platform:fixed=" + size : "platform:" + option;
            case FORKJOIN -> "forkjoin:parallelism=" + size;
            case PROCESS -> "process:workers=" + size + ",dispatch=" + option;
        };
    }

    private String schedulerSuffix(String sep) {
        if (scheduler == Scheduler.DEFAULT) {
            return "";
        }
        String name = scheduler == Scheduler.CLASS ? schedulerClass : scheduler.name().toLowerCase(Locale.ROOT);
        return sep + "scheduler=" + name + ",carriers=" + size;
    }

    /** Makes a fresh executor; the caller closes it. */
    public TaskExecutor create() {
        return TaskExecutors.create(this);
    }

    @Override
    public String toString() {
        return canonical();
    }

    static List<String> schedulerNames() {
        return List.of("default", "forkjoin", "fixed", "CLASS");
    }
}
