package org.fiberbench.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.fiberbench.report.Comparison.Row;
import org.fiberbench.stats.Ratio;

/**
 * A comparison as JSON ({@code compare --json}): the same rows, figures and verdicts as the text
 * table, for a pipeline to read instead of parsing columns. A ratio is written as results.json
 * writes one: {@code {value, ci_low, ci_high, significant}}, both ends null without an interval,
 * {@code ci_high} alone null when the data give no upper bound; a non-finite figure is null.
 */
final class ComparisonJson {
    private ComparisonJson() {
    }

    static String text(Comparison c) {
        try {
            return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(of(c)) + System.lineSeparator();
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("a comparison tree always serialises", e);
        }
    }

    static ObjectNode of(Comparison c) {
        ObjectNode root = Json.object();
        root.put("a", c.labelA());
        root.put("b", c.labelB());
        ArrayNode rows = root.putArray("scenarios");
        for (Row r : c.rows()) {
            rows.add(row(r));
        }
        c.onlyA().forEach(root.putArray("only_a")::add);
        c.onlyB().forEach(root.putArray("only_b")::add);
        c.problems().forEach(root.putArray("problems")::add);
        return root;
    }

    private static ObjectNode row(Row r) {
        ObjectNode n = Json.object();
        n.put("executor", r.executor());
        n.put("workload", r.workload());
        n.put("load", r.load());
        r.jvmArgs().forEach(n.putArray("jvm_args")::add);
        n.put("unit", r.unit());
        n.put("lower_is_better", r.lowerIsBetter());
        score(n.putObject("a"), r.aScore(), r.aError());
        score(n.putObject("b"), r.bScore(), r.bError());
        if (r.ratio() == null) {
            n.putNull("ratio");
        } else {
            n.set("ratio", ratio(r.ratio()));
        }
        ReportModel.putFinite(n, "change_pct", r.changePct());
        n.put("significant", r.ratio() != null && r.ratio().significant());
        n.put("verdict", r.verdict().toString());
        return n;
    }

    private static void score(ObjectNode n, double score, double error) {
        ReportModel.putFinite(n, "score", score);
        ReportModel.putFinite(n, "error", error);
    }

    private static ObjectNode ratio(Ratio r) {
        ObjectNode n = Json.object();
        ReportModel.putFinite(n, "value", r.value());
        ReportModel.putFinite(n, "ci_low", r.ciLow());
        ReportModel.putFinite(n, "ci_high", r.ciHigh());
        n.put("significant", r.significant());
        return n;
    }
}
