package org.fiberbench.report;

import static org.fiberbench.report.JsonCheck.Type.ARRAY;
import static org.fiberbench.report.JsonCheck.Type.NUMBER;
import static org.fiberbench.report.JsonCheck.Type.OBJECT;
import static org.fiberbench.report.JsonCheck.Type.STRING;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;

/**
 * Turns a plain JMH JSON result ({@code -rf json}) into a fiberbench results.json, so the same
 * report and {@code compare} work for any JMH benchmark.
 *
 * <p>Mapping: each benchmark × params row is a scenario. Its executor, workload and load are the
 * params of those names when the benchmark has them (fiberbench's own benchmarks and its
 * {@code results-jmh.json} do); otherwise the executor is {@code jmh:threads=T}, the workload is
 * {@code Class.method[:param=value,...]} and the load {@code jmh:mode=M}. Rows with executor params
 * are grouped as a run groups them (same workload and load); other rows by benchmark method, the
 * first being the baseline. Each scenario's {@code label}, what the charts show, is what tells it
 * apart from the other rows of the file: the params whose values differ between rows, and the
 * method when methods differ. The raw iterations of all forks are kept as the iteration scores, so
 * ratios get their intervals; only sample mode ({@code -bm sample}) has a latency distribution.
 */
public final class JmhImport {
    private JmhImport() {
    }

    /**
     * Imports a JMH result into {@code outDir} (results.json, then report.html).
     *
     * @param outDir null for {@code <result name>-report} beside the result file
     * @return the report written
     */
    public static Path importRun(Path jmhResult, Path outDir) {
        if (!Files.isRegularFile(jmhResult)) {
            throw new InputException("JMH result file not found: " + jmhResult);
        }
        JsonNode root = Json.read(jmhResult);
        if (!root.isArray()) {
            throw new InputException(jmhResult + " is not a JMH JSON result: expected an array of benchmarks");
        }
        String name = jmhResult.getFileName().toString().replaceFirst("\\.json$", "");
        Path dir = outDir != null ? outDir : jmhResult.toAbsolutePath().resolveSibling(name + "-report");
        Json.writePretty(dir.resolve(Runs.RESULTS), toResults(root, jmhResult));
        return ReportWriter.write(dir);
    }

    static ObjectNode toResults(JsonNode benchmarks, Path source) {
        ObjectNode run = Json.object();
        run.put("format_version", 1);
        run.put("tool", "fiberbench (JMH import)");
        run.put("run_id", source.getFileName().toString());
        run.put("suite", "jmh-import");
        run.put("scale", "adhoc");
        run.put("source", source.toString());
        run.putArray("warnings");
        ObjectNode env = run.putObject("environment");
        ArrayNode scenarios = run.putArray("scenarios");
        int index = 0;
        JsonCheck check = new JsonCheck(source);
        for (JsonNode b : benchmarks) {
            check(check, b, "[" + index++ + "]");
        }
        JmhLabels labels = JmhLabels.of(benchmarks);
        index = 0;
        for (JsonNode b : benchmarks) {
            if (index == 0) {
                environment(b, env);
            }
            ObjectNode s = scenario(b, ++index);
            s.put("label", labels.label(b));
            scenarios.add(s);
        }
        return run;
    }

    /** The keys of one JMH row that the import reads, named by their path when one is wrong. */
    private static void check(JsonCheck c, JsonNode b, String path) {
        if (!b.isObject()) {
            throw c.fail(path, b, "an object (a JMH result row)");
        }
        c.required(b, path, "benchmark", STRING);
        c.optional(b, path, "params", OBJECT);
        c.each(c.optional(b, path, "jvmArgs", ARRAY), JsonCheck.path(path, "jvmArgs"), STRING);
        String pmPath = JsonCheck.path(path, "primaryMetric");
        JsonNode pm = c.required(b, path, "primaryMetric", OBJECT);
        c.required(pm, pmPath, "score", NUMBER);
        c.optional(pm, pmPath, "scoreUnit", STRING);
        c.each(c.optional(pm, pmPath, "rawData", ARRAY), JsonCheck.path(pmPath, "rawData"), ARRAY);
        String pctPath = JsonCheck.path(pmPath, "scorePercentiles");
        c.each(c.optional(pm, pmPath, "scorePercentiles", OBJECT), pctPath, NUMBER);
        pm.path("scorePercentiles").fieldNames().forEachRemaining(p -> {
            if (!p.matches("\\d+(\\.\\d+)?")) {
                throw c.fail(JsonCheck.path(pctPath, p), Json.NODES.textNode(p), "a key that is a percentile such as 99.9");
            }
        });
    }

    private static void environment(JsonNode b, ObjectNode env) {
        ObjectNode jdk = env.putObject("jdk");
        jdk.put("version", b.path("jdkVersion").asText(""));
        jdk.put("vm_name", b.path("vmName").asText(""));
        jdk.put("vm_version", b.path("vmVersion").asText(""));
        jdk.put("home", b.path("jvm").asText(""));
        jdk.set("input_arguments", b.path("jvmArgs").isArray() ? b.get("jvmArgs") : Json.array());
    }

    private static ObjectNode scenario(JsonNode b, int index) {
        String benchmark = b.path("benchmark").asText();
        String method = shortName(benchmark);
        JsonNode params = b.path("params");
        String others = otherParams(params);
        ObjectNode s = Json.object();
        s.put("id", String.format(Locale.ROOT, "%02d-%s", index, slug(method + (others.isEmpty() ? "" : "-" + others))));
        s.put("index", index);
        s.put("executor", params.path("executor").asText("jmh:threads=" + b.path("threads").asInt(1)));
        s.put("workload", params.path("workload").asText(method + (others.isEmpty() || params.has("executor") ? "" : ":" + others)));
        s.put("load", params.path("load").asText("jmh:mode=" + b.path("mode").asText("thrpt")));
        // with executor params, a run's own grouping (same workload and load), so an imported results-jmh.json groups as its run did
        s.put("group", params.has("executor")
                ? s.get("workload").asText() + " \u00d7 " + s.get("load").asText() + (others.isEmpty() ? "" : " " + others)
                : benchmark);
        JsonNode jvmArgs = b.path("jvmArgs").isArray() ? b.get("jvmArgs") : Json.array();
        // fiberbench's own rows: JMH's list is the fork's whole command line (fiberbench's options, file
        // paths of that run), which would match no other run; it stays in config, and the scenario is
        // matched by its specs as a run without --jvm-args is
        s.set("jvm_args", params.has("executor") ? Json.array() : jvmArgs);
        s.set("config", config(b));
        ((ObjectNode) s.get("config")).set("jvm_args_jmh", jvmArgs);
        s.put("termination", "normal");
        s.putNull("failure");
        s.putNull("duration_s"); // JMH does not say how long a row took
        JmhMetrics.fill(b, s);
        s.putNull("ratio"); // the report and compare compute ratios from the iterations
        s.putObject("files");
        return s;
    }

    /** Params other than executor, workload and load, as {@code k=v,...} in JMH's order. */
    private static String otherParams(JsonNode params) {
        StringBuilder sb = new StringBuilder();
        Iterator<Map.Entry<String, JsonNode>> it = params.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getKey().equals("executor") && !e.getKey().equals("workload") && !e.getKey().equals("load")) {
                sb.append(sb.isEmpty() ? "" : ",").append(e.getKey()).append('=').append(e.getValue().asText());
            }
        }
        return sb.toString();
    }

    private static ObjectNode config(JsonNode b) {
        ObjectNode c = Json.object();
        c.put("mode", b.path("mode").asText());
        c.put("forks", b.path("forks").asInt());
        c.put("threads", b.path("threads").asInt());
        c.put("warmup_iterations", b.path("warmupIterations").asInt());
        c.put("warmup_time", b.path("warmupTime").asText());
        c.put("iterations", b.path("measurementIterations").asInt());
        c.put("time", b.path("measurementTime").asText());
        return c;
    }

    static String shortName(String benchmark) {
        String[] parts = benchmark.split("\\.");
        return parts.length < 2 ? benchmark : parts[parts.length - 2] + "." + parts[parts.length - 1];
    }

    static String slug(String s) {
        String slug = s.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
        return slug.length() > 60 ? slug.substring(0, 60) : slug;
    }
}
