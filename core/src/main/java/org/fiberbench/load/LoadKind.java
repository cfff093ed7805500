package org.fiberbench.load;

import java.util.List;
import java.util.function.Function;
import org.fiberbench.spec.Spec;

/**
 * What {@code list loads} shows of a load kind, and how its spec is read.
 *
 * @param type   the record the kind parses into; a {@link LoopLoad} runs in the loop fork, a batch on JMH
 * @param keys   the keys its spec accepts, in canonical order
 * @param parser reads a spec whose keys were already checked against {@code keys}
 */
public record LoadKind(String id, Class<? extends LoadSpec> type, List<String> keys, String example,
                       String description, Function<Spec, ? extends LoadSpec> parser) {

    public LoadKind {
        keys = List.copyOf(keys);
    }

    /** Whether scenarios of this kind run in fiberbench's loop fork (else on JMH). */
    public boolean runsInLoop() {
        return LoopLoad.class.isAssignableFrom(type);
    }
}
