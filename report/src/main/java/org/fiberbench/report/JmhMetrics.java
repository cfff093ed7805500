package org.fiberbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;
import java.util.Map;

/** The metrics of one JMH result row: score, error, interval, raw iterations, secondary metrics and sample-mode percentiles. */
final class JmhMetrics {
    private static final Map<String, Double> NS_PER_UNIT = Map.of("ns", 1.0, "us", 1e3, "\u00b5s", 1e3, "ms", 1e6, "s", 1e9, "min", 6e10);

    private JmhMetrics() {
    }

    static void fill(JsonNode b, ObjectNode s) {
        JsonNode pm = b.path("primaryMetric");
        ObjectNode m = s.putObject("metrics");
        String unit = pm.path("scoreUnit").asText("ops/s");
        m.set("score", pm.path("score"));
        if (pm.path("scoreError").isNumber()) {
            m.set("score_error", pm.get("scoreError")); // JMH writes "NaN" as a string for one iteration
        }
        m.put("score_unit", unit);
        if (pm.path("scoreConfidence").path(0).isNumber()) {
            m.set("score_ci_low", pm.path("scoreConfidence").get(0));
            m.set("score_ci_high", pm.path("scoreConfidence").get(1));
        }
        ArrayNode its = s.putArray("iterations");
        for (JsonNode fork : pm.path("rawData")) {
            fork.forEach(v -> {
                if (v.isNumber()) {
                    its.add(v);
                }
            });
        }
        m.put("samples", its.size());
        b.path("secondaryMetrics").fields().forEachRemaining(e -> {
            if (e.getValue().path("score").isNumber()) {
                m.set(metricKey(e.getKey(), e.getValue().path("scoreUnit").asText("")), e.getValue().get("score"));
            }
        });
        percentiles(b, pm, unit, s);
    }

    /** "·gc.alloc.rate.norm" in "B/op" becomes {@code gc_alloc_rate_norm_b_per_op}: the key carries its unit. */
    static String metricKey(String name, String unit) {
        String base = name.replaceAll("[^A-Za-z0-9]+", "_").replaceAll("^_|_$", "").toLowerCase(Locale.ROOT);
        String u = unit.replace("/", "_per_").replace("%", "pct").replaceAll("[^A-Za-z0-9_]+", "_").toLowerCase(Locale.ROOT);
        return u.isEmpty() ? base : base + "_" + u;
    }

    /**
     * Sample mode: JMH's percentiles of time per operation become an (uncorrected) latency spectrum.
     * In every other mode JMH's {@code scorePercentiles} are percentiles of the few iteration
     * scores, not of operations: they stay out of the latency views (the scores are {@code iterations}).
     */
    private static void percentiles(JsonNode b, JsonNode pm, String unit, ObjectNode s) {
        JsonNode pcts = pm.path("scorePercentiles");
        Double scale = NS_PER_UNIT.get(unit.replace("/op", ""));
        if (!b.path("mode").asText().equals("sample") || !pcts.isObject() || pcts.isEmpty() || scale == null
                || !unit.endsWith("/op")) {
            return;
        }
        ObjectNode lat = s.putObject("latency");
        lat.put("model", "jmh-sample");
        ObjectNode unc = lat.putObject("uncorrected");
        ArrayNode spectrum = lat.putObject("spectrum").putArray("uncorrected");
        pcts.fields().forEachRemaining(e -> {
            double p = Double.parseDouble(e.getKey());
            double ns = e.getValue().asDouble() * scale;
            spectrum.addArray().add(p / 100).add(ns);
            String key = p == 100 ? "max_ns" : "p" + (p == Math.rint(p) ? String.valueOf((long) p) : String.valueOf(p).replace('.', '_')) + "_ns";
            unc.put(key, ns);
        });
        unc.put("mean_ns", pm.path("score").asDouble() * scale);
    }
}
