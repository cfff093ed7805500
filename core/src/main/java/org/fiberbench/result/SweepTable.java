package org.fiberbench.result;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The scalability part of the end table, for {@code --sweep workers|carriers|threads|tasks}: per
 * sweep group, each executor at each value with its score, its speed-up over the group's
 * {@code inline} baseline and its parallel efficiency (speed-up / pool size). A group whose
 * baseline did not produce a score says so instead of showing no speed-up without a reason.
 */
public final class SweepTable {
    private SweepTable() {
    }

    public static String render(List<ScenarioResult> scenarios) {
        Map<String, List<ScenarioResult>> groups = new LinkedHashMap<>();
        Map<String, ScenarioResult> baselines = new LinkedHashMap<>();
        for (ScenarioResult s : scenarios) {
            String param = param(s);
            if (param != null) {
                groups.computeIfAbsent(s.group(), g -> new ArrayList<>()).add(s);
            } else if (s.executor().equals("inline")) {
                baselines.put(s.group(), s);
            }
        }
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, List<ScenarioResult>> g : groups.entrySet()) {
            String param = param(g.getValue().get(0));
            sb.append(String.format(Locale.ROOT, "%nSweep of %s: %s%n  %s%n", param,
                    g.getKey().replaceFirst(" · sweep \\w+$", ""), baseline(baselines.get(g.getKey()))));
            List<String[]> rows = new ArrayList<>();
            rows.add(new String[] {"executor", param, "score", "unit", "speed-up", "efficiency"});
            for (ScenarioResult s : g.getValue()) {
                rows.add(row(s, param));
            }
            sb.append(ResultTable.format(rows, 1, 2, 4, 5));
        }
        return sb.toString();
    }

    /** The swept parameter of a point of a workers/carriers/threads/tasks sweep, else null. */
    @SuppressWarnings("unchecked")
    static String param(ScenarioResult s) {
        if (s.section("sweep") instanceof Map<?, ?> m && !"rate".equals(m.get("param"))) {
            return String.valueOf(((Map<String, Object>) m).get("param"));
        }
        return null;
    }

    private static String baseline(ScenarioResult inline) {
        if (inline == null) {
            return "no inline baseline in this run: speed-up and efficiency are not computed";
        }
        if (!inline.termination().equals("normal") || !(inline.metricValue("score") instanceof Number score)) {
            return "inline baseline " + inline.termination().toUpperCase(Locale.ROOT)
                    + ": speed-up and efficiency are not computed";
        }
        return "speed-up over inline = " + ResultTable.num(score) + " " + inline.metricValue("score_unit");
    }

    @SuppressWarnings("unchecked")
    private static String[] row(ScenarioResult s, String param) {
        Object value = ((Map<String, Object>) s.section("sweep")).get("value");
        Map<String, Object> m = s.metrics();
        if (!s.termination().equals("normal")) {
            return new String[] {s.executor(), str(value), s.termination().toUpperCase(Locale.ROOT), "", "", ""};
        }
        Object speedup = m.get("speedup");
        return new String[] {s.executor(), str(value), ResultTable.num(m.get("score")), str(m.get("score_unit")),
            speedup == null ? "-" : String.format(Locale.ROOT, "%.2fx", ((Number) speedup).doubleValue()),
            m.get("parallel_efficiency") == null ? "-"
                    : String.format(Locale.ROOT, "%.2f", ((Number) m.get("parallel_efficiency")).doubleValue())};
    }

    private static String str(Object o) {
        return o == null ? "" : o.toString();
    }
}
