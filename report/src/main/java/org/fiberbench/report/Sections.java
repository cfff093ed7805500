package org.fiberbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/** The nested per-scenario sections, compacted for the page. Absent sections add nothing. */
final class Sections {
    static final int MAX_WORKERS = 256;
    static final int MAX_STACKS = 5;
    static final int MAX_FRAMES = 16;

    private Sections() {
    }

    static void latency(JsonNode lat, ObjectNode into) {
        if (!lat.isObject()) {
            return;
        }
        ObjectNode out = into.putObject("latency");
        lat.fields().forEachRemaining(e -> {
            switch (e.getKey()) {
                case "spectrum", "intervals", "buckets" -> { }
                default -> out.set(e.getKey(), Compact.rounded(e.getValue()));
            }
        });
        JsonNode spectrum = lat.path("spectrum");
        if (spectrum.isObject()) {
            ObjectNode sp = out.putObject("spectrum");
            spectrum.fields().forEachRemaining(e -> sp.set(e.getKey(), Compact.spectrum(e.getValue())));
        }
        if (lat.path("intervals").isArray() && !lat.path("intervals").isEmpty()) {
            out.set("intervals", Compact.columns(lat.path("intervals")));
        }
        if (lat.path("buckets").isArray()) {
            out.set("buckets", Compact.rounded(lat.path("buckets")));
        }
    }

    static void resources(JsonNode res, ObjectNode into) {
        if (!res.isObject()) {
            return;
        }
        ObjectNode out = into.putObject("resources");
        if (res.has("interval_ms")) {
            out.set("interval_ms", res.get("interval_ms"));
        }
        if (res.path("summary").isObject()) {
            out.set("summary", Compact.rounded(res.get("summary")));
        }
        if (res.path("timeline").isArray() && !res.path("timeline").isEmpty()) {
            out.set("timeline", Compact.columns(res.path("timeline")));
        }
    }

    /** Workers sorted by name, at most {@link #MAX_WORKERS}; the imbalance figure covers all of them. */
    static void workers(JsonNode workers, ObjectNode into) {
        if (!workers.isObject()) {
            return;
        }
        ObjectNode out = into.putObject("workers");
        if (workers.has("imbalance")) {
            out.set("imbalance", Compact.rounded(workers.get("imbalance")));
        }
        if (workers.path("busy").isTextual()) {
            out.put("busy", workers.get("busy").asText());
        }
        List<Map.Entry<String, JsonNode>> entries = new ArrayList<>();
        workers.path("by_worker").fields().forEachRemaining(entries::add);
        entries.sort(Map.Entry.comparingByKey(Comparator.comparing(Sections::naturalKey)));
        ObjectNode by = out.putObject("by_worker");
        entries.stream().limit(MAX_WORKERS).forEach(e -> by.set(e.getKey(), Compact.rounded(e.getValue())));
        out.put("workers_total", entries.size());
    }

    /** "worker-10" after "worker-9": pad the trailing number. */
    private static String naturalKey(String name) {
        int i = name.length();
        while (i > 0 && Character.isDigit(name.charAt(i - 1))) {
            i--;
        }
        return i == name.length() ? name : name.substring(0, i) + "0".repeat(Math.max(0, 12 - (name.length() - i))) + name.substring(i);
    }

    static void pinning(JsonNode pinning, ObjectNode into) {
        if (!pinning.isObject()) {
            return;
        }
        ObjectNode out = into.putObject("pinning");
        out.set("count", pinning.path("count"));
        out.set("total_ms", Compact.rounded(pinning.path("total_ms")));
        ArrayNode stacks = out.putArray("top_stacks");
        int n = 0;
        for (JsonNode st : pinning.path("top_stacks")) {
            if (n++ == MAX_STACKS) {
                break;
            }
            ObjectNode s = stacks.addObject();
            s.set("count", st.path("count"));
            ArrayNode frames = s.putArray("stack");
            for (int i = 0; i < Math.min(MAX_FRAMES, st.path("stack").size()); i++) {
                frames.add(st.path("stack").get(i));
            }
        }
    }
}
