package org.fiberbench.executor;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The executor families, with the keys each accepts and an example for {@code list executors}. */
public enum ExecutorKind {
    INLINE("inline", List.of(), "inline",
            "runs tasks one after another in the calling thread (the sequential baseline)"),
    VIRTUAL("virtual", List.of("scheduler", "carriers"), "virtual:scheduler=fixed,carriers=2",
            "a virtual thread per task; scheduler=default|forkjoin|fixed|CLASS, carriers=N"),
    VIRTUAL_POOL("virtual-pool", List.of("size", "scheduler", "carriers"), "virtual-pool:size=1000,scheduler=forkjoin,carriers=2",
            "a fixed pool of M virtual threads (the coroutine pool of the database experiment); size=M, optional scheduler, carriers"),
    PLATFORM("platform", List.of("cached", "fixed", "per-task"), "platform:fixed=16",
            "platform threads: cached pool, fixed=N pool, or per-task (a new thread per task)"),
    FORKJOIN("forkjoin", List.of("parallelism"), "forkjoin:parallelism=2",
            "a plain ForkJoinPool(N) running the tasks"),
    PROCESS("process", List.of("workers", "dispatch"), "process:workers=2,dispatch=shared",
            "N worker JVMs fed by the parent; dispatch=shared (pull) or static (round-robin up front)");

    private final String id;
    private final List<String> keys;
    private final String example;
    private final String description;

    ExecutorKind(String id, List<String> keys, String example, String description) {
        this.id = id;
        this.keys = keys;
        this.example = example;
        this.description = description;
    }

    public String id() {
        return id;
    }

    public List<String> keys() {
        return keys;
    }

    public String example() {
        return example;
    }

    public String description() {
        return description;
    }

    public static ExecutorKind of(String id) {
        for (ExecutorKind k : values()) {
            if (k.id.equals(id.toLowerCase(Locale.ROOT))) {
                return k;
            }
        }
        throw new org.fiberbench.spec.SpecException("unknown executor kind '" + id + "'; accepted: " + ids());
    }

    public static String ids() {
        return Arrays.stream(values()).map(ExecutorKind::id).collect(Collectors.joining(", "));
    }
}
