package org.fiberbench.load;

import java.util.List;
import java.util.Locale;
import org.fiberbench.spec.Spec;
import org.fiberbench.spec.SpecException;

/**
 * A validated load-model spec: one record per kind ({@link BatchLoad}, {@link ClosedLoad}, {@link
 * OpenLoad}), each owning its parsing, canonical text, the keys {@code list loads} prints, and what
 * it makes. Loads that run in the loop fork are {@link LoopLoad}s; a batch runs on JMH.
 */
public sealed interface LoadSpec permits BatchLoad, LoopLoad {
    long MAX_TASKS = 100_000_000L;
    int MAX_USERS = 1_000_000;
    double MAX_RATE = 10_000_000;

    /** The kind's id, the text before the colon: {@code batch}, {@code closed}, {@code open}. */
    String kind();

    /** The spec printed back the one way fiberbench writes it; parsing it gives an equal record. */
    String canonical();

    /** Every load kind, in the order {@code list loads} prints them. A new kind adds one entry here. */
    static List<LoadKind> kinds() {
        return List.of(BatchLoad.KIND, ClosedLoad.KIND, OpenLoad.KIND);
    }

    /** The kind named {@code id} (any case); bad input names the accepted ones. */
    static LoadKind kind(String id) {
        String wanted = id.toLowerCase(Locale.ROOT);
        return kinds().stream().filter(k -> k.id().equals(wanted)).findFirst()
                .orElseThrow(() -> new SpecException("unknown load kind '" + id + "'; accepted: " + ids(LoadSpec.class)));
    }

    static LoadSpec parse(String text) {
        Spec s = Spec.parse("load", text);
        LoadKind k = kind(s.kind());
        s.requireKeys(k.keys());
        return k.parser().apply(s);
    }

    /** Parses a load that must be of {@code type} (a batch for JMH, a loop load for the loop fork). */
    static <T extends LoadSpec> T parse(String text, Class<T> type) {
        LoadSpec load = parse(text);
        if (!type.isInstance(load)) {
            throw new SpecException("load '" + text + "': kind " + load.kind() + " is not accepted here; accepted: " + ids(type));
        }
        return type.cast(load);
    }

    private static String ids(Class<? extends LoadSpec> type) {
        return String.join(", ", kinds().stream().filter(k -> type.isAssignableFrom(k.type())).map(LoadKind::id).toList());
    }
}
