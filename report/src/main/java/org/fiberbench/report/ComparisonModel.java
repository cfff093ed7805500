package org.fiberbench.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.fiberbench.report.Comparison.Row;

/** A comparison as page data, drawn by the same page as a report. */
final class ComparisonModel {
    private ComparisonModel() {
    }

    static ObjectNode of(Comparison c) {
        ObjectNode m = Json.object();
        m.put("kind", "compare");
        m.put("title", "fiberbench compare");
        m.putObject("a").put("label", c.labelA());
        m.putObject("b").put("label", c.labelB());
        c.problems().forEach(m.putArray("warnings")::add);
        ArrayNode rows = m.putArray("rows");
        for (Row r : c.rows()) {
            ObjectNode n = rows.addObject();
            n.put("executor", r.executor());
            if (r.jdk() != null) {
                n.put("jdk", r.jdk());
            }
            n.put("workload", r.workload());
            n.put("load", r.load());
            r.jvmArgs().forEach(n.putArray("jvm_args")::add);
            n.put("unit", r.unit());
            n.put("lower_better", r.lowerIsBetter());
            ReportModel.putFinite(n, "a_score", r.aScore());
            ReportModel.putFinite(n, "a_error", r.aError());
            ReportModel.putFinite(n, "b_score", r.bScore());
            ReportModel.putFinite(n, "b_error", r.bError());
            if (r.ratio() != null) {
                n.set("ratio", ReportModel.ratioNode(r.ratio()));
            }
            ReportModel.putFinite(n, "change_pct", r.changePct());
            n.put("verdict", r.verdict().toString());
        }
        c.onlyA().forEach(m.putArray("only_a")::add);
        c.onlyB().forEach(m.putArray("only_b")::add);
        return m;
    }
}
