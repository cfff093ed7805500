package org.fiberbench.workload;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.fiberbench.spec.Spec;
import org.fiberbench.spec.SpecException;

/**
 * The registry of workload kinds. Each kind validates a spec into its canonical text (throwing
 * {@link SpecException} on bad input) and creates the workload from the spec. New kinds register
 * here with one {@link #register} line in the static block.
 */
public final class WorkloadKind {
    private static final Map<String, WorkloadKind> KINDS = new LinkedHashMap<>();

    static {
        register(new WorkloadKind("cpu", Set.of("iterations"), "cpu:iterations=1000000",
                "a Math.sqrt loop of N iterations (the scheduler experiment's CPU-heavy task)",
                CpuWorkload::canonical, CpuWorkload::new));
        register(new WorkloadKind("sleep", Set.of("ms"), "sleep:ms=200",
                "Thread.sleep(N ms): a blocking task that holds no CPU",
                SleepWorkload::canonical, SleepWorkload::new));
        register(new WorkloadKind("noop", Set.of(), "noop",
                "does nothing: measures the harness and executor overhead alone",
                s -> "noop", s -> new NoopWorkload()));
        register(new WorkloadKind("fail", Set.of("every", "ms"), "fail:every=10",
                "every Nth task throws (a harness self-check: errors must be counted); ms=N sleeps first",
                FailWorkload::canonical, FailWorkload::new));
        register(new WorkloadKind("pin", Set.of("ms"), "pin:ms=10",
                "sleeps N ms inside a class initializer: pins a virtual thread's carrier on every JDK (a pinning self-check)",
                PinWorkload::canonical, PinWorkload::new));
        register(org.fiberbench.workload.jdbc.JdbcWorkloads.kind());
        register(org.fiberbench.http.HttpWorkload.kind());
        register(new WorkloadKind("primes", Set.of("range"), "primes:range=0..1000000,5000000..6000000",
                "is a seeded random value in the range prime? trial division by 2..n-1 (the process pool experiment); ranges cycle task by task",
                PrimesWorkload::canonical, PrimesWorkload::new));
        register(new WorkloadKind("file", Set.of("writes", "dir"), "file:writes=0..1000,5000..6000",
                "write \"abcd\" n times (n in the range) to a file of its own, check 4n bytes, delete it (the process pool experiment)",
                FileWorkload::canonical, FileWorkload::new));
    }

    private final String id;
    private final Set<String> keys;
    private final String example;
    private final String description;
    private final Function<Spec, String> validator;
    private final Function<Spec, Workload> factory;

    public WorkloadKind(String id, Set<String> keys, String example, String description,
                        Function<Spec, String> validator, Function<Spec, Workload> factory) {
        this.id = id;
        this.keys = keys;
        this.example = example;
        this.description = description;
        this.validator = validator;
        this.factory = factory;
    }

    public static synchronized void register(WorkloadKind kind) {
        KINDS.put(kind.id, kind);
    }

    public static synchronized WorkloadKind of(String id) {
        WorkloadKind k = KINDS.get(id);
        if (k == null) {
            throw new SpecException("unknown workload kind '" + id + "'; accepted: " + String.join(", ", KINDS.keySet()));
        }
        return k;
    }

    public static synchronized Iterable<WorkloadKind> all() {
        return java.util.List.copyOf(KINDS.values());
    }

    String validate(Spec s) {
        return validator.apply(s);
    }

    Workload create(Spec s) {
        return factory.apply(s);
    }

    public String id() {
        return id;
    }

    public Set<String> keys() {
        return keys;
    }

    public String example() {
        return example;
    }

    public String description() {
        return description;
    }
}
