package org.fiberbench.workload;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.function.Function;
import org.fiberbench.spec.Spec;
import org.fiberbench.spec.SpecException;

/**
 * A workload kind: its id, keys, example and description for {@code list workloads}, how it
 * validates a spec into canonical text (throwing {@link SpecException} on bad input) and how it
 * creates the workload. Kinds come from {@link WorkloadProvider}s found by {@link ServiceLoader} on
 * the class path, so this package names none of its implementations, and every JVM (the CLI, a
 * JMH fork, a process-pool worker) finds the same kinds without being told.
 */
public final class WorkloadKind {

    /** Loaded once per JVM, on first use, in the order of the providers' service files. */
    private static final class Registry {
        static final Map<String, WorkloadKind> KINDS = load();

        private static Map<String, WorkloadKind> load() {
            Map<String, WorkloadKind> kinds = new LinkedHashMap<>();
            for (WorkloadProvider p : ServiceLoader.load(WorkloadProvider.class, WorkloadKind.class.getClassLoader())) {
                for (WorkloadKind k : p.kinds()) {
                    if (kinds.putIfAbsent(k.id, k) != null) {
                        throw new IllegalStateException("workload kind '" + k.id + "' is provided twice, again by "
                                + p.getClass().getName());
                    }
                }
            }
            return Collections.unmodifiableMap(kinds);
        }
    }

    private final String id;
    private final Set<String> keys;
    private final String example;
    private final String description;
    private final Function<Spec, String> validator;
    private final Function<Spec, Workload> factory;
    private final boolean otherKeys;

    public WorkloadKind(String id, Set<String> keys, String example, String description,
                        Function<Spec, String> validator, Function<Spec, Workload> factory) {
        this(id, keys, example, description, validator, factory, false);
    }

    private WorkloadKind(String id, Set<String> keys, String example, String description,
                         Function<Spec, String> validator, Function<Spec, Workload> factory, boolean otherKeys) {
        this.otherKeys = otherKeys;
        this.id = id;
        this.keys = keys;
        this.example = example;
        this.description = description;
        this.validator = validator;
        this.factory = factory;
    }

    /**
     * This kind accepting keys beyond {@link #keys()} too: its validator and factory take them
     * (the {@code class} kind hands them to the user's workload as its parameters).
     */
    public WorkloadKind withOtherKeys() {
        return new WorkloadKind(id, keys, example, description, validator, factory, true);
    }

    /** Whether keys beyond {@link #keys()} are accepted (see {@link #withOtherKeys()}). */
    public boolean takesOtherKeys() {
        return otherKeys;
    }

    public static WorkloadKind of(String id) {
        WorkloadKind k = Registry.KINDS.get(id);
        if (k == null) {
            throw new SpecException("unknown workload kind '" + id + "'; accepted: "
                    + String.join(", ", Registry.KINDS.keySet()));
        }
        return k;
    }

    public static Iterable<WorkloadKind> all() {
        return List.copyOf(Registry.KINDS.values());
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
