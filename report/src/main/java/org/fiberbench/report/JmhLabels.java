package org.fiberbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The chart label of each row of a JMH result file: what tells it apart from the other rows. A
 * param whose value is the same in every row says nothing (JMH's {@code threads} neither), so a
 * label names only the params whose values differ, in JMH's order, and the benchmark method when
 * the file holds more than one. A file of one row is labelled by its method.
 */
final class JmhLabels {
    private final Set<String> differing;
    private final boolean methodsDiffer;

    private JmhLabels(Set<String> differing, boolean methodsDiffer) {
        this.differing = differing;
        this.methodsDiffer = methodsDiffer;
    }

    static JmhLabels of(JsonNode rows) {
        Map<String, Set<String>> values = new LinkedHashMap<>();
        Set<String> methods = new LinkedHashSet<>();
        for (JsonNode row : rows) {
            methods.add(row.path("benchmark").asText());
            row.path("params").fieldNames().forEachRemaining(k -> values.computeIfAbsent(k, x -> new LinkedHashSet<>()));
        }
        for (JsonNode row : rows) {
            // a param a row lacks counts as a value of its own: that row differs by not having it
            values.forEach((k, seen) -> seen.add(row.path("params").has(k) ? "=" + row.path("params").path(k).asText() : "absent"));
        }
        Set<String> differing = new LinkedHashSet<>();
        values.forEach((k, seen) -> {
            if (seen.size() > 1) {
                differing.add(k);
            }
        });
        return new JmhLabels(differing, methods.size() > 1);
    }

    String label(JsonNode row) {
        List<String> parts = new ArrayList<>();
        for (String k : differing) {
            if (row.path("params").has(k)) {
                parts.add(k + "=" + row.path("params").path(k).asText());
            }
        }
        String method = JmhImport.shortName(row.path("benchmark").asText());
        if (methodsDiffer || parts.isEmpty()) {
            return parts.isEmpty() ? method : method + " " + String.join(",", parts);
        }
        return String.join(",", parts);
    }
}
