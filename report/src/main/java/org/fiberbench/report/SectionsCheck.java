package org.fiberbench.report;

import static org.fiberbench.report.JsonCheck.Type.ARRAY;
import static org.fiberbench.report.JsonCheck.Type.BOOLEAN;
import static org.fiberbench.report.JsonCheck.Type.NUMBER;
import static org.fiberbench.report.JsonCheck.Type.OBJECT;
import static org.fiberbench.report.JsonCheck.Type.STRING;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;

/**
 * The keys only the report reads, beyond {@link ResultsCheck}'s: run-level details, sweeps,
 * profile diffs and each scenario's optional sections. Every one may be absent or null (the page
 * draws what the run recorded); when present it must have the type docs/results-format.md gives.
 */
final class SectionsCheck {
    private static final List<String> RUN_TEXT = List.of("tool", "run_id", "suite", "scale", "command", "started_at",
            "finished_at", "source");
    private static final List<String> SCENARIO_OBJECTS = List.of("config", "ratio", "carriers", "orderbook", "jfr", "database");

    private final JsonCheck c;

    private SectionsCheck(Path file) {
        this.c = new JsonCheck(file);
    }

    /** Throws naming the first key of a wrong type. */
    static void check(JsonNode root, Path file) {
        SectionsCheck s = new SectionsCheck(file);
        s.run(root);
        JsonNode scenarios = root.path("scenarios");
        for (int i = 0; i < scenarios.size(); i++) {
            s.scenario(scenarios.get(i), "scenarios[" + i + "]");
        }
    }

    private void run(JsonNode root) {
        RUN_TEXT.forEach(key -> c.optional(root, "", key, STRING));
        JsonNode git = c.optional(root, "", "git", OBJECT);
        c.optional(git, "git", "commit", STRING);
        c.optional(git, "git", "dirty", BOOLEAN);
        JsonNode env = c.optional(root, "", "environment", OBJECT);
        c.optional(c.optional(env, "environment", "cpu", OBJECT), "environment.cpu", "count", NUMBER);
        for (String key : List.of("load_average_before", "load_average_after", "cpu_busy_before_pct", "memory_bytes")) {
            c.optional(env, "environment", key, NUMBER);
        }
        c.optional(env, "environment", "custom_scheduler_mechanism", STRING);
        c.each(c.optional(root, "", "warnings", ARRAY), "warnings", STRING);
        JsonCheck.each(c.optional(root, "", "sweeps", ARRAY), "sweeps", this::sweep);
        JsonCheck.each(c.optional(root, "", "profile_diffs", ARRAY), "profile_diffs", this::profileDiff);
        JsonCheck.each(c.optional(root, "", "thresholds", ARRAY), "thresholds", this::threshold);
    }

    private void threshold(String path, JsonNode t) {
        object(path, t);
        for (String key : List.of("expr", "scenario", "unit")) {
            c.optional(t, path, key, STRING);
        }
        c.optional(t, path, "value", NUMBER);
        c.optional(t, path, "pass", BOOLEAN);
    }

    private void sweep(String path, JsonNode sweep) {
        object(path, sweep);
        c.optional(sweep, path, "param", STRING);
        c.optional(sweep, path, "values", ARRAY);
        c.each(c.optional(sweep, path, "scenario_ids", ARRAY), JsonCheck.path(path, "scenario_ids"), STRING);
        c.optional(sweep, path, "stopped_early", STRING);
    }

    private void profileDiff(String path, JsonNode diff) {
        object(path, diff);
        for (String key : List.of("a", "b", "event")) {
            c.optional(diff, path, key, STRING);
        }
        c.each(c.optional(diff, path, "rows", ARRAY), JsonCheck.path(path, "rows"), OBJECT);
        c.each(c.optional(diff, path, "only_a", ARRAY), JsonCheck.path(path, "only_a"), STRING);
        c.each(c.optional(diff, path, "only_b", ARRAY), JsonCheck.path(path, "only_b"), STRING);
    }

    private void scenario(JsonNode s, String path) {
        c.optional(s, path, "index", NUMBER);
        c.optional(s, path, "group", STRING);
        c.optional(s, path, "label", STRING);
        c.optional(s, path, "baseline", STRING);
        c.optional(s, path, "duration_s", NUMBER);
        SCENARIO_OBJECTS.forEach(key -> c.optional(s, path, key, OBJECT));
        JsonNode files = c.optional(s, path, "files", OBJECT);
        c.eachOrNull(files, JsonCheck.path(path, "files"), STRING);
        JsonCheck.each(files, JsonCheck.path(path, "files"), this::filePath);
        c.optional(c.optional(s, path, "sweep", OBJECT), JsonCheck.path(path, "sweep"), "param", STRING);
        latency(c.optional(s, path, "latency", OBJECT), JsonCheck.path(path, "latency"));
        resources(c.optional(s, path, "resources", OBJECT), JsonCheck.path(path, "resources"));
        workers(c.optional(s, path, "workers", OBJECT), JsonCheck.path(path, "workers"));
        pinning(c.optional(s, path, "pinning", OBJECT), JsonCheck.path(path, "pinning"));
    }

    private void latency(JsonNode lat, String path) {
        c.optional(lat, path, "saturated", BOOLEAN);
        c.optional(lat, path, "saturation_reason", STRING);
        c.optional(lat, path, "errors", NUMBER);
        c.each(c.optional(lat, path, "spectrum", OBJECT), JsonCheck.path(path, "spectrum"), ARRAY);
        c.each(c.optional(lat, path, "intervals", ARRAY), JsonCheck.path(path, "intervals"), OBJECT);
        c.each(c.optional(lat, path, "buckets", ARRAY), JsonCheck.path(path, "buckets"), OBJECT);
    }

    private void resources(JsonNode res, String path) {
        c.optional(res, path, "interval_ms", NUMBER);
        c.optional(res, path, "summary", OBJECT);
        c.each(c.optional(res, path, "timeline", ARRAY), JsonCheck.path(path, "timeline"), OBJECT);
    }

    private void workers(JsonNode workers, String path) {
        c.optional(workers, path, "imbalance", NUMBER);
        c.optional(workers, path, "busy", STRING);
        c.each(c.optional(workers, path, "by_worker", OBJECT), JsonCheck.path(path, "by_worker"), OBJECT);
    }

    private void pinning(JsonNode pinning, String path) {
        c.optional(pinning, path, "count", NUMBER);
        c.optional(pinning, path, "total_ms", NUMBER);
        JsonCheck.each(c.optional(pinning, path, "top_stacks", ARRAY), JsonCheck.path(path, "top_stacks"), (p, st) -> {
            object(p, st);
            c.optional(st, p, "count", NUMBER);
            c.each(c.optional(st, p, "stack", ARRAY), JsonCheck.path(p, "stack"), STRING);
        });
    }

    /** The page links each file by its path: one the file system cannot name is a wrong value. */
    private void filePath(String path, JsonNode v) {
        try {
            Path.of(v.asText());
        } catch (InvalidPathException e) {
            throw c.fail(path, v, "a file path relative to the run directory");
        }
    }

    private void object(String path, JsonNode v) {
        if (!v.isObject()) {
            throw c.fail(path, v, "an object");
        }
    }
}
