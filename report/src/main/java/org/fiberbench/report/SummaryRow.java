package org.fiberbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.fiberbench.stats.Ratio;

/** One row of the summary table: the scenario, its score, its ratio to the baseline and the resource figures. */
final class SummaryRow {
    private SummaryRow() {
    }

    static ObjectNode of(JsonNode s, Score score, Score base, String baselineId) {
        ObjectNode row = Json.object();
        for (String key : new String[] {"id", "group", "label", "executor", "workload", "load", "termination", "failure"}) {
            if (s.hasNonNull(key)) {
                row.set(key, s.get(key));
            }
        }
        if (baselineId != null) {
            row.put("baseline", baselineId);
        }
        if (score.present()) {
            row.put("score", score.value());
            ReportModel.putFinite(row, "error", score.error());
            row.put("unit", score.unit());
            row.put("lower_better", score.lowerIsBetter());
        }
        ObjectNode ratio = ratio(s, score, base);
        if (ratio != null) {
            row.set("ratio", ratio);
        }
        resources(s, row);
        return row;
    }

    /**
     * In a run on several JDKs: the scenario's JDK label, and for a scenario on a later JDK its
     * score over the same executor's on the run's first JDK ({@code jdk_ratio}, recorded by the
     * run), with the interval computed here from both sides' iterations.
     */
    static void acrossJdks(ObjectNode row, JsonNode s, java.util.Map<String, Score> scores) {
        if (s.path("jdk").path("label").isTextual()) {
            row.put("jdk", s.path("jdk").path("label").asText());
        }
        JsonNode recorded = s.path("jdk_ratio");
        if (!recorded.isObject()) {
            return;
        }
        Score base = scores.get(recorded.path("baseline").asText());
        Score score = scores.get(s.path("id").asText());
        Ratio r = base == null || score == null ? null : score.ratioTo(base);
        ObjectNode n = r != null ? ReportModel.ratioNode(r) : recorded.deepCopy();
        n.put("baseline_jdk", recorded.path("baseline_jdk").asText("?"));
        n.put("baseline", recorded.path("baseline").asText(""));
        row.set("jdk_ratio", n);
    }

    private static ObjectNode ratio(JsonNode s, Score score, Score base) {
        Ratio r = base == null ? null : score.ratioTo(base);
        if (r != null && r.hasInterval()) {
            return ReportModel.ratioNode(r);
        }
        JsonNode recorded = s.path("ratio");
        if (recorded.path("value").isNumber()) {
            // no raw iterations here: trust the interval the run recorded
            ObjectNode n = recorded.deepCopy();
            n.put("interval", recorded.path("ci_low").isNumber());
            return n;
        }
        return r == null ? null : ReportModel.ratioNode(r);
    }

    private static void resources(JsonNode s, ObjectNode row) {
        JsonNode m = s.path("metrics");
        JsonNode summary = s.path("resources").path("summary");
        JsonNode lat = s.path("latency");
        copy(row, "errors", m.path("errors"), lat.path("errors"));
        copy(row, "threads_peak", m.path("threads_peak"), summary.path("threads_peak"));
        copy(row, "cpu_util_pct", m.path("cpu_util_pct"), summary.path("cpu_util_pct"));
        copy(row, "pinned", m.path("pinned_count"), s.path("pinning").path("count"));
        copy(row, "p99_ns", m.path("latency_p99_ns"), lat.path("corrected").path("p99_ns"));
        double cpuMs = m.path("cpu_user_ms").asDouble(summary.path("cpu_user_ms").asDouble(Double.NaN))
                + m.path("cpu_sys_ms").asDouble(summary.path("cpu_sys_ms").asDouble(0));
        ReportModel.putFinite(row, "cpu_ms", cpuMs);
    }

    private static void copy(ObjectNode row, String key, JsonNode first, JsonNode second) {
        if (first.isNumber()) {
            row.set(key, first);
        } else if (second.isNumber()) {
            row.set(key, second);
        }
    }
}
