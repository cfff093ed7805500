package org.fiberbench.report;

import static org.fiberbench.report.JsonCheck.Type.ARRAY;
import static org.fiberbench.report.JsonCheck.Type.NUMBER;
import static org.fiberbench.report.JsonCheck.Type.OBJECT;
import static org.fiberbench.report.JsonCheck.Type.STRING;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What every reader of a results.json needs of it, checked before anything is drawn or compared:
 * a known {@code format_version}, a {@code scenarios} array, and per scenario the keys that match
 * it with another run and say how it ended. A wrong one is bad input, named by its path.
 *
 * <p>{@code format_version} is a number (1, 1.1) or, from a writer that quotes it, a string of one
 * ("1.1"); a major version other than {@link #FORMAT_MAJOR} is refused: a newer format may have
 * changed what the keys mean. Minor versions only add keys, which readers ignore.
 *
 * <p>Metrics are checked apart: a scenario whose metrics cannot be read is one unreadable
 * scenario to {@code compare} (which goes on with the others and fails its gate), while the report
 * refuses the document.
 */
public final class ResultsCheck {
    /** The major format this fiberbench reads; a minor version (1.1 ...) only adds keys. */
    static final int FORMAT_MAJOR = 1;
    static final Set<String> TERMINATIONS = Set.of("normal", "failure", "interrupted");
    /** The metrics that hold text; every other metric is a number, or null when unknown. */
    static final Set<String> TEXT_METRICS = Set.of("score_unit", "speedup_missing", "warning");

    private ResultsCheck() {
    }

    /**
     * For readers outside this module ({@code profile diff}): reads a results.json and checks it as
     * {@link #common} does.
     *
     * @throws InputException naming the file and the first wrong key, or an unknown major version
     */
    public static void readable(Path file) {
        common(Json.read(file), file);
    }

    /** Checks the format version and the keys common to every reader; throws naming the first wrong key. */
    static void common(JsonNode root, Path file) {
        JsonCheck c = new JsonCheck(file);
        if (!root.isObject()) {
            throw new InputException(file + " is not a fiberbench results.json: the document is " + JsonCheck.found(root)
                    + ", expected an object with format_version and scenarios");
        }
        formatVersion(c, root);
        JsonNode scenarios = c.required(root, "", "scenarios", ARRAY);
        for (int i = 0; i < scenarios.size(); i++) {
            scenario(c, scenarios.get(i), "scenarios[" + i + "]");
        }
    }

    private static void formatVersion(JsonCheck c, JsonNode root) {
        JsonNode v = root.path("format_version");
        String expected = FORMAT_MAJOR + " (this fiberbench reads results.json format " + FORMAT_MAJOR + ")";
        boolean text = v.isTextual() && v.asText().matches("\\d{1,9}(\\.\\d{1,9})?");
        if (!v.isNumber() && !text) {
            throw c.fail("format_version", v, expected);
        }
        if (Math.floor(text ? Double.parseDouble(v.asText()) : v.asDouble()) != FORMAT_MAJOR) {
            throw new InputException(c.file() + ": format_version is " + v.asText() + ", expected " + expected);
        }
    }

    private static void scenario(JsonCheck c, JsonNode s, String path) {
        if (!s.isObject()) {
            throw c.fail(path, s, "an object");
        }
        for (String key : List.of("id", "executor", "workload", "load", "termination")) {
            c.required(s, path, key, STRING);
        }
        JsonNode termination = s.get("termination");
        if (!TERMINATIONS.contains(termination.asText())) {
            throw c.fail(JsonCheck.path(path, "termination"), termination, "\"normal\", \"failure\" or \"interrupted\"");
        }
        c.optional(s, path, "failure", STRING);
        c.each(c.optional(s, path, "jvm_args", ARRAY), JsonCheck.path(path, "jvm_args"), STRING);
        c.required(s, path, "metrics", OBJECT);
    }

    /**
     * The unreadable values among one scenario's metrics and iterations, one line each (without the
     * file); empty when everything a score is made of can be read.
     */
    static List<String> metricProblems(JsonNode scenario, String path) {
        List<String> out = new ArrayList<>();
        String metrics = JsonCheck.path(path, "metrics");
        for (Map.Entry<String, JsonNode> e : scenario.path("metrics").properties()) {
            JsonCheck.Type type = TEXT_METRICS.contains(e.getKey()) ? STRING : NUMBER;
            add(out, JsonCheck.problem(e.getValue(), JsonCheck.path(metrics, e.getKey()), type));
        }
        JsonNode its = scenario.path("iterations");
        String itsPath = JsonCheck.path(path, "iterations");
        add(out, JsonCheck.problem(its, itsPath, ARRAY));
        JsonCheck.each(its.isArray() ? its : Json.array(), itsPath, (p, v) -> {
            if (!NUMBER.matches(v)) {
                out.add(p + " is " + JsonCheck.found(v) + ", expected a number");
            }
        });
        return out;
    }

    /** For readers that need every metric: throws the first unreadable one, naming the file. */
    static void metrics(JsonNode root, Path file) {
        JsonNode scenarios = root.path("scenarios");
        for (int i = 0; i < scenarios.size(); i++) {
            List<String> problems = metricProblems(scenarios.get(i), "scenarios[" + i + "]");
            if (!problems.isEmpty()) {
                throw new InputException(file + ": " + problems.get(0));
            }
        }
    }

    private static void add(List<String> out, String problem) {
        if (problem != null) {
            out.add(problem);
        }
    }
}
