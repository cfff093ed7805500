package org.fiberbench.executor;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.fiberbench.spec.Spec;
import org.fiberbench.spec.SpecException;

/**
 * An executor family: its id, the keys it accepts, an example and a description for {@code list
 * executors}, and how its record is parsed. Each record declares its own {@code KIND}; {@link #all}
 * lists them in the order {@code list executors} shows.
 *
 * @param id          the spec's kind, as typed ({@code virtual-pool})
 * @param keys        the keys it accepts, in canonical order
 * @param example     a spec that parses, shown by {@code list executors}
 * @param description one line for {@code list executors}
 * @param parser      the record's parsing of a spec whose keys were checked
 */
public record ExecutorKind(String id, List<String> keys, String example, String description,
                           Function<Spec, ExecutorSpec> parser) {

    public ExecutorKind {
        Objects.requireNonNull(id);
        keys = List.copyOf(keys);
        Objects.requireNonNull(parser);
    }

    /** Every kind, in the order of {@code list executors}. */
    public static List<ExecutorKind> all() {
        return List.of(InlineExecutorSpec.KIND, VirtualExecutorSpec.KIND, VirtualPoolExecutorSpec.KIND,
                PlatformExecutorSpec.KIND, ForkJoinExecutorSpec.KIND, ProcessExecutorSpec.KIND);
    }

    public static ExecutorKind of(String id) {
        for (ExecutorKind k : all()) {
            if (k.id.equals(id.toLowerCase(Locale.ROOT))) {
                return k;
            }
        }
        throw new SpecException("unknown executor kind '" + id + "'; accepted: " + ids());
    }

    public static String ids() {
        return all().stream().map(ExecutorKind::id).collect(Collectors.joining(", "));
    }

    ExecutorSpec parse(Spec s) {
        return parser.apply(s);
    }

    /** Kinds are compared by id: the parser is a function, which has no value equality. */
    @Override
    public boolean equals(Object o) {
        return o instanceof ExecutorKind k && k.id.equals(id);
    }

    @Override
    public int hashCode() {
        return id.hashCode();
    }

    @Override
    public String toString() {
        return id;
    }
}
