package org.fiberbench.workload;

import java.util.Objects;
import java.util.function.UnaryOperator;
import org.fiberbench.spec.Spec;

/**
 * A validated workload spec: its kind and its canonical text. {@link #create()} makes a fresh
 * {@link Workload}; forks receive the canonical text and parse it again, so a spec means the
 * same thing in every JVM.
 */
public record WorkloadSpec(WorkloadKind kind, String canonical, Spec spec) {

    public WorkloadSpec {
        Objects.requireNonNull(kind);
        Objects.requireNonNull(canonical);
    }

    public static WorkloadSpec parse(String text) {
        return parse(text, UnaryOperator.identity());
    }

    /**
     * Parses {@code text}, completes the parsed spec with {@code completion} (a run-wide option
     * that becomes a key, such as {@code --classpath} for {@code class} workloads), then validates it.
     */
    public static WorkloadSpec parse(String text, UnaryOperator<Spec> completion) {
        Spec s = completion.apply(Spec.parse("workload", text));
        WorkloadKind kind = WorkloadKind.of(s.kind());
        if (!kind.takesOtherKeys()) {
            s.requireKeys(kind.keys());
        }
        return new WorkloadSpec(kind, kind.validate(s), s);
    }

    public Workload create() {
        return kind.create(spec);
    }

    @Override
    public String toString() {
        return canonical;
    }
}
