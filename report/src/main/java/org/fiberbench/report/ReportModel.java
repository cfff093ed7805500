package org.fiberbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fiberbench.stats.Ratio;

/**
 * Turns a results.json into the data the page draws: warnings, the summary table with ratios
 * computed here (the page does no statistics), compacted per-scenario sections, sweeps and
 * profile diffs. Every section is optional; absent ones are simply not in the model.
 */
final class ReportModel {
    static final int MAX_DIFF_ROWS = 100;

    private final JsonNode results;
    private final Path runDir;
    private final Path linkBase;

    private ReportModel(JsonNode results, Path runDir, Path linkBase) {
        this.results = results;
        this.runDir = runDir;
        this.linkBase = linkBase;
    }

    /**
     * @param runDir where the run's files (flame graphs ...) live
     * @param linkBase the directory the page is written to; links are relative to it
     */
    static ObjectNode build(JsonNode results, Path runDir, Path linkBase) {
        return new ReportModel(results, runDir.toAbsolutePath(), linkBase.toAbsolutePath()).build();
    }

    private ObjectNode build() {
        ObjectNode model = Json.object();
        model.put("kind", "report");
        model.put("title", "fiberbench " + results.path("suite").asText("run") + " \u2014 " + results.path("run_id").asText(runDir.getFileName().toString()));
        model.set("run", runInfo());
        model.set("environment", results.path("environment").deepCopy());
        ArrayNode warnings = model.putArray("warnings");
        Warnings.of(results).forEach(warnings::add);
        if (results.path("thresholds").isArray()) {
            model.set("thresholds", Compact.rounded(results.get("thresholds")));
        }
        Map<String, Score> scores = new HashMap<>();
        results.path("scenarios").forEach(s -> scores.put(s.path("id").asText(), Score.of(s)));
        ArrayNode summary = model.putArray("summary");
        ArrayNode details = model.putArray("scenarios");
        Map<String, String> firstOfGroup = new HashMap<>();
        for (JsonNode s : results.path("scenarios")) {
            String baseline = baselineOf(s, firstOfGroup);
            ObjectNode row = SummaryRow.of(s, scores.get(s.path("id").asText()), baseline == null ? null : scores.get(baseline), baseline);
            SummaryRow.acrossJdks(row, s, scores);
            summary.add(row);
            details.add(detail(s));
        }
        model.set("sweeps", Sweeps.of(results, scores));
        model.set("profile_diffs", profileDiffs());
        return model;
    }

    private ObjectNode runInfo() {
        ObjectNode run = Json.object();
        for (String key : List.of("run_id", "tool", "suite", "scale", "command", "started_at", "finished_at", "source")) {
            if (results.has(key)) {
                run.set(key, results.get(key));
            }
        }
        if (results.has("git")) {
            run.set("git", results.get("git"));
        }
        return run;
    }

    /** The scenario's baseline id: as recorded, else the first scenario of its group; null for a baseline. */
    private static String baselineOf(JsonNode s, Map<String, String> firstOfGroup) {
        String id = s.path("id").asText();
        if (s.hasNonNull("baseline")) {
            return s.path("baseline").asText();
        }
        if (!s.hasNonNull("group")) {
            return null;
        }
        String first = firstOfGroup.putIfAbsent(s.path("group").asText(), id);
        return first == null || first.equals(id) ? null : first;
    }

    private ObjectNode detail(JsonNode s) {
        ObjectNode d = Json.object();
        for (String key : List.of("id", "index", "group", "label", "executor", "workload", "load", "jvm_args", "jdk", "termination", "failure",
                "duration_s", "config", "sweep", "orderbook", "jfr", "carriers")) {
            if (s.hasNonNull(key)) {
                d.set(key, Compact.rounded(s.get(key)));
            }
        }
        if (s.path("metrics").isObject()) {
            d.set("metrics", s.get("metrics"));
        }
        if (s.path("iterations").isArray()) {
            d.set("iterations", Compact.rounded(s.get("iterations")));
        }
        Sections.latency(s.path("latency"), d);
        Sections.resources(s.path("resources"), d);
        Sections.workers(s.path("workers"), d);
        Sections.pinning(s.path("pinning"), d);
        d.set("files", links(s.path("files")));
        return d;
    }

    /** Per-scenario files as links relative to the page, marked when the file is not there. */
    private ObjectNode links(JsonNode files) {
        ObjectNode out = Json.object();
        files.fields().forEachRemaining(e -> {
            if (!e.getValue().isTextual()) {
                return; // null: the writer knew of no such file
            }
            Path target = runDir.resolve(e.getValue().asText()).normalize();
            ObjectNode link = out.putObject(e.getKey());
            link.put("href", linkBase.relativize(target).toString().replace('\\', '/'));
            link.put("exists", Files.exists(target));
        });
        return out;
    }

    private ArrayNode profileDiffs() {
        ArrayNode out = Json.array();
        for (JsonNode diff : results.path("profile_diffs")) {
            ObjectNode d = (ObjectNode) Compact.rounded(diff);
            ArrayNode rows = Json.array();
            for (int i = 0; i < Math.min(MAX_DIFF_ROWS, diff.path("rows").size()); i++) {
                rows.add(d.path("rows").get(i));
            }
            d.set("rows", rows);
            d.put("rows_total", diff.path("rows").size());
            out.add(d);
        }
        return out;
    }

    /**
     * Ratio as page data, in results.json's keys: no interval gives null ends and {@code interval}
     * false ("no interval"); an upper end the data cannot bound gives a null {@code ci_high}, which
     * the page prints as "unbounded".
     */
    static ObjectNode ratioNode(Ratio r) {
        ObjectNode n = Json.object();
        n.put("value", r.value());
        putFinite(n, "ci_low", r.ciLow());
        putFinite(n, "ci_high", r.ciHigh());
        n.put("interval", r.hasInterval());
        n.put("significant", r.significant());
        return n;
    }

    static void putFinite(ObjectNode n, String key, double v) {
        if (Double.isFinite(v)) {
            n.put(key, v);
        } else {
            n.putNull(key);
        }
    }

    static Map<String, JsonNode> byId(JsonNode scenarios) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        scenarios.forEach(s -> out.put(s.path("id").asText(), s));
        return out;
    }
}
