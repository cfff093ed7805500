package org.fiberbench.gate;

import java.util.List;
import java.util.function.Function;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.load.LoadSpec;
import org.fiberbench.spec.SpecException;
import org.fiberbench.workload.WorkloadSpec;

/**
 * Which scenarios a threshold applies to: those whose executor, workload or load is the given
 * spec. The value is compared in canonical form when it parses as a spec of its family (so
 * {@code platform:fixed=4} and {@code platform:fixed=04} match alike), else as written (the order
 * book's {@code naive}, {@code fast}).
 */
record Scope(String key, String value) {
    static final List<String> KEYS = List.of("executor", "workload", "load");

    /** {@code executor=SPEC}, {@code workload=SPEC}, {@code load=SPEC}, or a bare executor spec. */
    static Scope parse(String text, String expr) {
        String t = text.strip();
        if (t.isEmpty()) {
            throw new SpecException("threshold '" + expr + "': empty scope before ':'; accepted: an executor spec "
                    + "(virtual: p99<1s) or executor=, workload=, load= followed by a spec");
        }
        int eq = t.indexOf('=');
        int colon = t.indexOf(':');
        String key = eq > 0 && (colon < 0 || eq < colon) ? t.substring(0, eq).strip() : null;
        if (key != null && KEYS.contains(key)) {
            return new Scope(key, canonical(key, t.substring(eq + 1).strip()));
        }
        if (key != null && !key.contains(",")) {
            throw new SpecException("threshold '" + expr + "': unknown scope key '" + key + "'; accepted: executor=SPEC, "
                    + "workload=SPEC, load=SPEC, or an executor spec alone");
        }
        return new Scope("executor", canonical("executor", t));
    }

    private static String canonical(String key, String value) {
        Function<String, String> parse = switch (key) {
            case "executor" -> s -> ExecutorSpec.parse(s).canonical();
            case "workload" -> s -> WorkloadSpec.parse(s).canonical();
            default -> s -> LoadSpec.parse(s).canonical();
        };
        try {
            return parse.apply(value);
        } catch (SpecException | IllegalStateException notASpec) {
            return value; // not a spec of fiberbench's own (an order book impl): matched as written
        }
    }

    boolean matches(String executor, String workload, String load) {
        return value.equals(switch (key) {
            case "executor" -> executor;
            case "workload" -> workload;
            default -> load;
        });
    }

    String text() {
        return key + "=" + value;
    }
}
