package org.fiberbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Scalability curves: the run's {@code sweeps} when it lists them, else one sweep per parameter
 * gathered from the scenarios' {@code sweep} sections. Each point carries the executor so the
 * page draws one curve per executor.
 */
final class Sweeps {
    private Sweeps() {
    }

    static ArrayNode of(JsonNode results, Map<String, Score> scores) {
        Map<String, JsonNode> byId = ReportModel.byId(results.path("scenarios"));
        ArrayNode out = Json.array();
        for (JsonNode sweep : results.path("sweeps")) {
            ObjectNode s = header(sweep.path("param").asText("value"));
            if (sweep.hasNonNull("stopped_early")) {
                s.set("stopped_early", sweep.get("stopped_early"));
            }
            JsonNode ids = sweep.path("scenario_ids");
            for (int i = 0; i < ids.size(); i++) {
                JsonNode scenario = byId.get(ids.get(i).asText());
                JsonNode value = sweep.path("values").path(i);
                if (scenario != null) {
                    point((ArrayNode) s.get("points"), scenario, value, scores);
                }
            }
            out.add(s);
        }
        if (out.isEmpty()) {
            fromScenarios(results, scores, out);
        }
        return out;
    }

    private static void fromScenarios(JsonNode results, Map<String, Score> scores, ArrayNode out) {
        Map<String, ObjectNode> byParam = new LinkedHashMap<>();
        for (JsonNode scenario : results.path("scenarios")) {
            JsonNode sweep = scenario.path("sweep");
            if (sweep.isObject() && sweep.has("param")) {
                ObjectNode s = byParam.computeIfAbsent(sweep.path("param").asText(), Sweeps::header);
                point((ArrayNode) s.get("points"), scenario, sweep.path("value"), scores);
            }
        }
        byParam.values().forEach(out::add);
    }

    private static ObjectNode header(String param) {
        ObjectNode s = Json.object();
        s.put("param", param);
        s.putArray("points");
        return s;
    }

    private static void point(ArrayNode points, JsonNode scenario, JsonNode value, Map<String, Score> scores) {
        if (!value.isNumber()) {
            return; // a curve needs numeric x values
        }
        ObjectNode p = points.addObject();
        p.set("x", value);
        p.put("id", scenario.path("id").asText());
        p.put("executor", scenario.path("executor").asText("?"));
        Score score = scores.get(scenario.path("id").asText());
        if (score != null && score.present()) {
            p.put("score", score.value());
            ReportModel.putFinite(p, "error", score.error());
            p.put("unit", score.unit());
        }
        JsonNode m = scenario.path("metrics");
        for (String key : new String[] {"speedup", "parallel_efficiency", "throughput_ops_s", "latency_p99_ns"}) {
            if (m.path(key).isNumber()) {
                p.set(key, m.get(key));
            }
        }
    }
}
