package org.fiberbench.result;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.fiberbench.stats.Precision;

/**
 * The end-of-run table, like JMH's: per group, each executor's score ± error with its unit, the
 * ratio to the group's first executor (and whether the difference is significant), then any
 * extra columns a scenario carries (latency, resources, workers).
 */
public final class ResultTable {
    private ResultTable() {
    }

    public static String render(List<ScenarioResult> scenarios) {
        if (scenarios.stream().map(ScenarioResult::jdkLabel).filter(java.util.Objects::nonNull).distinct().count() > 1) {
            return JdkTable.render(scenarios) + SweepTable.render(scenarios) + LatencyTable.render(scenarios);
        }
        Map<String, List<ScenarioResult>> groups = new LinkedHashMap<>();
        for (ScenarioResult s : scenarios) {
            groups.computeIfAbsent(s.group(), g -> new ArrayList<>()).add(s);
        }
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, List<ScenarioResult>> g : groups.entrySet()) {
            sb.append('\n').append(g.getKey()).append('\n');
            List<String[]> rows = new ArrayList<>();
            rows.add(new String[] {"executor", "score", "", "error", "unit", "ratio", "notes"});
            for (ScenarioResult s : g.getValue()) {
                rows.add(row(s));
            }
            sb.append(format(rows, 1, 3));
        }
        sb.append(SweepTable.render(scenarios));
        sb.append(LatencyTable.render(scenarios));
        return sb.toString();
    }

    static String[] row(ScenarioResult s) {
        Map<String, Object> m = s.metrics();
        String notes = notes(s);
        if (!s.termination().equals("normal")) {
            return new String[] {s.executor(), s.termination().toUpperCase(Locale.ROOT), "", "", "", "",
                s.failureReason() == null ? "" : s.failureReason()};
        }
        Object score = m.get("score");
        Object error = m.get("score_error");
        return new String[] {s.executor(), num(score), error == null ? "" : "±", num(error),
            String.valueOf(m.getOrDefault("score_unit", "")), ratio(s), notes};
    }

    private static String ratio(ScenarioResult s) {
        Object r = s.section("ratio");
        if (!(r instanceof Map)) {
            return s.section("baseline") == null ? "1.00 (baseline)" : "";
        }
        return ratioText(r);
    }

    /** A ratio section ({@code value}, {@code significant}) as the table prints it: {@code 0.98 (n.s.)}, {@code 2.10 *}. */
    @SuppressWarnings("unchecked")
    static String ratioText(Object r) {
        Map<String, Object> m = (Map<String, Object>) r;
        double v = ((Number) m.get("value")).doubleValue();
        boolean sig = Boolean.TRUE.equals(m.get("significant"));
        return String.format(Locale.ROOT, "%.2f%s", v, sig ? " *" : " (n.s.)");
    }

    /** Extra figures other runners put in metrics: shown when present. */
    private static String notes(ScenarioResult s) {
        Map<String, Object> m = s.metrics();
        List<String> n = new ArrayList<>();
        String missed = missedPrecision(s);
        if (missed != null) {
            n.add(missed);
        }
        if (s.configValue("engine") instanceof String engine) {
            n.add("engine=" + engine); // another engine sent the load (JMeter's): service time only
        }
        add(n, m, "errors", "errors=%s");
        add(n, m, "threads_peak", "threads=%s");
        add(n, m, "cpu_user_ms", "cpu_user=%sms");
        add(n, m, "pinned_count", "pinned=%s");
        add(n, m, "imbalance", "imbalance=%s" + balanceSource(s));
        add(n, m, "speedup", "speedup=%sx");
        add(n, m, "parallel_efficiency", "efficiency=%s");
        add(n, m, "speedup_missing", "speedup=n/a (%s)");
        Object warn = m.get("warning");
        if (warn != null) {
            n.add("WARNING: " + warn);
        }
        return String.join(" ", n);
    }

    /**
     * The note beside a scenario whose {@code --precision} target was missed ({@link
     * Precision#missedNote}); null when reached or not asked.
     */
    static String missedPrecision(ScenarioResult s) {
        return s.configValue("precision") instanceof Map<?, ?> p ? Precision.missedNote(p, s.iterationValues()) : null;
    }

    /** "(mounted)" or "(cpu)" when a carrier's busy time is not task time (results-format.md, workers). */
    private static String balanceSource(ScenarioResult s) {
        Object busy = s.section("workers") instanceof Map<?, ?> w ? w.get("busy") : null;
        if ("mounted_time".equals(busy)) {
            return "(mounted)";
        }
        return "cpu_time".equals(busy) ? "(cpu)" : "";
    }

    private static void add(List<String> n, Map<String, Object> m, String key, String fmt) {
        Object v = m.get(key);
        if (v != null) {
            n.add(String.format(Locale.ROOT, fmt, num(v)));
        }
    }

    static String num(Object o) {
        if (!(o instanceof Number n)) {
            return o == null ? "" : o.toString();
        }
        double d = n.doubleValue();
        if (d == Math.rint(d) && Math.abs(d) < 1e15 && !(o instanceof Double || o instanceof Float)) {
            return Long.toString(n.longValue());
        }
        double a = Math.abs(d);
        if (a >= 1000) {
            return String.format(Locale.ROOT, "%.1f", d);
        }
        if (a >= 1) {
            return String.format(Locale.ROOT, "%.3f", d);
        }
        return String.format(Locale.ROOT, "%.4g", d);
    }

    /** Columns padded to their widest cell, two spaces apart; the {@code rightAligned} columns are right-aligned. */
    static String format(List<String[]> rows, int... rightAligned) {
        java.util.Set<Integer> right = new java.util.HashSet<>();
        for (int c : rightAligned) {
            right.add(c);
        }
        int cols = rows.get(0).length;
        int[] w = new int[cols];
        for (String[] r : rows) {
            for (int i = 0; i < cols; i++) {
                w[i] = Math.max(w[i], r[i].length());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (String[] r : rows) {
            sb.append("  ");
            for (int i = 0; i < cols; i++) {
                String cell = pad(r[i], w[i], right.contains(i));
                sb.append(cell).append(i == cols - 1 ? "" : "  ");
            }
            sb.append('\n');
        }
        return sb.toString().replaceAll("(?m) +$", "");
    }

    private static String pad(String s, int w, boolean right) {
        String sp = " ".repeat(Math.max(0, w - s.length()));
        return right ? sp + s : s + sp;
    }
}
