package org.fiberbench.gate;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.fiberbench.gate.Target.Shape;
import org.fiberbench.spec.SpecException;

/**
 * What a threshold measures, where it is found in a scenario's results and which scenarios have
 * it. Percentiles without a prefix are the corrected latency (from each task's intended start,
 * free of coordinated omission); {@code service_*} are the uncorrected times from the actual start.
 */
enum Metric {
    P50("p50", "p50_ns"), P90("p90", "p90_ns"), P99("p99", "p99_ns"), P99_9("p99.9", "p99_9_ns"),
    P99_99("p99.99", "p99_99_ns"), MAX("max", "max_ns"),
    SERVICE_P50("service_p50", "p50_ns"), SERVICE_P90("service_p90", "p90_ns"), SERVICE_P99("service_p99", "p99_ns"),
    SERVICE_P99_9("service_p99.9", "p99_9_ns"), SERVICE_P99_99("service_p99.99", "p99_99_ns"),
    SERVICE_MAX("service_max", "max_ns"),
    ERRORS("errors", null), THROUGHPUT("throughput", null), ACHIEVED("achieved", null), SCORE("score", null),
    RATIO("ratio", null);

    private static final Set<Shape> LOOPS = EnumSet.of(Shape.OPEN, Shape.CLOSED);

    final String id;
    /** For percentiles: the key after {@code latency_} or {@code service_} in the metrics. */
    final String percentileKey;

    Metric(String id, String percentileKey) {
        this.id = id;
        this.percentileKey = percentileKey;
    }

    static Metric of(String text, String expr) {
        String t = text.toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(m -> m.id.equals(t)).findFirst().orElseThrow(() -> new SpecException(
                "threshold '" + expr + "': unknown metric '" + text + "'; accepted: " + String.join(", ", ids())));
    }

    static List<String> ids() {
        return Arrays.stream(values()).map(m -> m.id).toList();
    }

    boolean percentile() {
        return percentileKey != null;
    }

    boolean service() {
        return id.startsWith("service_");
    }

    /** The metrics key holding this percentile in ns: {@code latency_p99_ns} or {@code service_p99_ns}. */
    String metricsKey() {
        return (service() ? "service_" : "latency_") + percentileKey;
    }

    /** The scenario shapes that have this metric. */
    Set<Shape> shapes() {
        return switch (this) {
            case ERRORS -> LOOPS;
            case THROUGHPUT -> EnumSet.of(Shape.OPEN, Shape.CLOSED, Shape.BATCH_RATE, Shape.RATE);
            case ACHIEVED -> EnumSet.of(Shape.OPEN);
            case SCORE -> EnumSet.of(Shape.BATCH_TIME, Shape.BATCH_RATE);
            case RATIO -> EnumSet.allOf(Shape.class);
            default -> LOOPS;
        };
    }

    /** Which scenarios have it, in words, for the message that rejects it. */
    String accepted() {
        return switch (this) {
            case ERRORS -> "closed and open loads";
            case THROUGHPUT -> "closed and open loads, batches in --mode thrpt and order-book replays";
            case ACHIEVED -> "open loads (a requested rate)";
            case SCORE -> "batch loads (JMH scores)";
            case RATIO -> "scenarios that have a baseline in their group";
            default -> "closed and open loads (latency percentiles)";
        };
    }
}
