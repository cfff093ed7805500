package org.fiberbench.result;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The end-of-run table of a run on several JDKs: per workload × load, every executor on every JDK
 * (a {@code jdk} column), its {@code ratio} to the first executor on the same JDK, and its ratio
 * {@code across jdks} to the same executor on the run's first JDK ({@code jdk_ratio}).
 */
final class JdkTable {
    private JdkTable() {
    }

    static String render(List<ScenarioResult> scenarios) {
        Map<String, List<ScenarioResult>> groups = new LinkedHashMap<>();
        for (ScenarioResult s : scenarios) {
            groups.computeIfAbsent(ScenarioResult.groupAcrossJdks(s.group(), s.jdkLabel()), g -> new ArrayList<>()).add(s);
        }
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, List<ScenarioResult>> g : groups.entrySet()) {
            sb.append('\n').append(g.getKey()).append('\n');
            List<String[]> rows = new ArrayList<>();
            rows.add(new String[] {"executor", "jdk", "score", "", "error", "unit", "ratio", "across jdks", "notes"});
            for (ScenarioResult s : g.getValue()) {
                String[] r = ResultTable.row(s);
                String label = s.jdkLabel() == null ? "" : s.jdkLabel();
                rows.add(new String[] {r[0], label, r[1], r[2], r[3], r[4], r[5], acrossJdks(s), r[6]});
            }
            sb.append(ResultTable.format(rows, 2, 4));
        }
        return sb.toString();
    }

    /** {@code 1.02 (n.s.) vs 25}, or {@code 1.00 (baseline)} for the executor's first JDK. */
    private static String acrossJdks(ScenarioResult s) {
        Object r = s.section("jdk_ratio");
        if (r instanceof Map<?, ?> m) {
            return ResultTable.ratioText(r) + " vs " + m.get("baseline_jdk");
        }
        return s.termination().equals("normal") ? "1.00 (baseline)" : "";
    }
}
