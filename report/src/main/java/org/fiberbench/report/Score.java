package org.fiberbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;
import org.fiberbench.stats.Ratio;
import org.fiberbench.stats.Sample;

/**
 * A scenario's headline number: the JMH-style {@code score} when there is one, else throughput,
 * else p99 latency; with its error, unit, direction and the raw iterations behind it.
 */
record Score(double value, double error, String unit, double[] iterations) {

    static final Score NONE = new Score(Double.NaN, Double.NaN, "", new double[0]);

    static Score of(JsonNode scenario) {
        JsonNode m = scenario.path("metrics");
        double[] its = iterations(scenario.path("iterations"));
        if (m.path("score").isNumber()) {
            double error = m.path("score_error").isNumber() ? m.path("score_error").asDouble() : errorOf(its);
            return new Score(m.path("score").asDouble(), error, m.path("score_unit").asText("ops/s"), its);
        }
        if (m.path("throughput_ops_s").isNumber()) {
            return new Score(m.path("throughput_ops_s").asDouble(), errorOf(its), "ops/s", its);
        }
        if (m.path("latency_p99_ns").isNumber()) {
            return new Score(m.path("latency_p99_ns").asDouble(), Double.NaN, "ns p99", new double[0]);
        }
        return NONE;
    }

    boolean present() {
        return !Double.isNaN(value);
    }

    /** Time per operation and latency: lower is better. Rates ("ops/s", "x/s"): higher is better. */
    boolean lowerIsBetter() {
        return lowerIsBetter(unit);
    }

    static boolean lowerIsBetter(String unit) {
        String u = unit.trim().toLowerCase(Locale.ROOT);
        return !(u.startsWith("ops/") || u.endsWith("/s") || u.endsWith("/ms") || u.endsWith("/us") || u.endsWith("/ns")
                || u.endsWith("/min"));
    }

    /**
     * This score divided by another's, with the 99.9% interval from the raw iterations when both
     * have at least two; otherwise the point ratio with no interval.
     */
    Ratio ratioTo(Score base) {
        if (!present() || !base.present() || base.value == 0) {
            return null;
        }
        if (iterations.length >= 2 && base.iterations.length >= 2) {
            return Ratio.of(Sample.of(iterations), Sample.of(base.iterations));
        }
        return Ratio.point(value / base.value);
    }

    private static double errorOf(double[] its) {
        return its.length >= 2 ? Sample.of(its).error() : Double.NaN;
    }

    static double[] iterations(JsonNode node) {
        if (!node.isArray()) {
            return new double[0];
        }
        double[] out = new double[node.size()];
        int k = 0;
        for (JsonNode v : node) {
            if (v.isNumber()) {
                out[k++] = v.asDouble();
            }
        }
        return java.util.Arrays.copyOf(out, k);
    }
}
