package org.fiberbench.gate;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A threshold judged on one scenario. {@code value} is the measured figure in the threshold's
 * unit, null when the scenario has none (it failed, or nothing finished), which fails it.
 *
 * @param scenario the scenario's id in results.json
 * @param label    {@code executor × workload × load}
 * @param note     why, when the figure alone does not say it (a failed scenario, a ratio not significant); may be null
 */
public record Verdict(Threshold threshold, String scenario, String label, Double value, boolean pass, String note) {

    /** One element of results.json's {@code thresholds}: {@code {expr, scenario, value, unit, pass}}. */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("expr", threshold.expr());
        m.put("scenario", scenario);
        m.put("value", value);
        m.put("unit", threshold.unitText());
        m.put("pass", pass);
        return m;
    }

    /** The measured value with its unit, or {@code n/a}. */
    public String valueText() {
        if (value == null) {
            return "n/a";
        }
        return number(value) + unitSuffix(threshold.unitText());
    }

    /** A unit after a number: {@code 12 ms}, but {@code 900/s} and {@code 0.1%}. */
    static String unitSuffix(String unit) {
        return unit.isEmpty() ? "" : unit.startsWith("/") || unit.equals("%") ? unit : " " + unit;
    }

    /** Up to four significant digits, no exponent for everyday figures: 12.35, 0.1, 1234. */
    static String number(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return String.valueOf((long) v);
        }
        String s = String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%.1f" : Math.abs(v) >= 1 ? "%.2f" : "%.4g", v);
        return s.contains(".") && !s.contains("e") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
    }

    /** The PASS/FAIL table printed after a run's results table; empty without verdicts. */
    public static String table(List<Verdict> verdicts) {
        if (verdicts.isEmpty()) {
            return "";
        }
        long failed = verdicts.stream().filter(v -> !v.pass()).count();
        List<String[]> rows = new java.util.ArrayList<>();
        rows.add(new String[] {"verdict", "threshold", "scenario", "measured", "limit"});
        for (Verdict v : verdicts) {
            rows.add(new String[] {v.pass() ? "PASS" : "FAIL", v.threshold().expr(), v.scenario(), v.valueText(),
                v.threshold().limitText() + (v.note() == null ? "" : "  (" + v.note() + ")")});
        }
        int[] width = new int[5];
        rows.forEach(r -> {
            for (int i = 0; i < 4; i++) {
                width[i] = Math.max(width[i], r[i].length());
            }
        });
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "thresholds: %d of %d failed%n", failed, verdicts.size()));
        for (String[] r : rows) {
            sb.append(String.format(Locale.ROOT, "  %-" + width[0] + "s  %-" + width[1] + "s  %-" + width[2] + "s  %"
                    + width[3] + "s  %s%n", r[0], r[1], r[2], r[3], r[4]));
        }
        return sb.toString();
    }
}
