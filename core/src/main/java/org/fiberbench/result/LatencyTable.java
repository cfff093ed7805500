package org.fiberbench.result;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The latency part of the end table, for scenarios with a {@code latency} section: open scenarios'
 * corrected and uncorrected percentiles side by side, the co-demo's three ways of measuring the
 * same run, and each rate sweep as a rate × percentile table (the knee). Values in ms.
 */
public final class LatencyTable {
    /** Groups whose name starts with this are shown the three ways of seed 002 (the co-demo suite). */
    public static final String CO_DEMO_GROUP = "co-demo";
    private static final String[] LEVELS = {"p50_ns", "p90_ns", "p99_ns", "p99_9_ns", "max_ns"};
    private static final String[] HEADS = {"p50", "p90", "p99", "p99.9", "max"};

    private LatencyTable() {
    }

    public static String render(List<ScenarioResult> scenarios) {
        StringBuilder sb = new StringBuilder();
        List<ScenarioResult> open = new ArrayList<>();
        List<ScenarioResult> demo = new ArrayList<>();
        Map<String, List<ScenarioResult>> sweeps = new LinkedHashMap<>();
        for (ScenarioResult s : scenarios) {
            Map<String, Object> lat = latency(s);
            if (lat == null) {
                continue;
            }
            if (s.section("sweep") instanceof Map<?, ?> sw && "rate".equals(sw.get("param"))) {
                sweeps.computeIfAbsent(s.executor() + " × " + s.workload(), k -> new ArrayList<>()).add(s);
            } else if (s.group().startsWith(CO_DEMO_GROUP)) {
                demo.add(s);
            } else if ("open".equals(lat.get("model"))) {
                open.add(s);
            }
        }
        if (!open.isEmpty()) {
            sb.append("\nLatency, open model, ms: corrected (from intended start) | uncorrected (service time)\n");
            sb.append(openTable(open));
        }
        if (!demo.isEmpty()) {
            sb.append("\nCoordinated omission, one over-capacity run measured three ways (as in the order book experiment), ms\n");
            sb.append(demoTable(demo));
        }
        sweeps.forEach((k, list) -> sb.append("\nRate sweep ").append(k).append(", corrected latency in ms\n")
                .append(sweepTable(list)));
        return sb.toString();
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> latency(ScenarioResult s) {
        return s.termination().equals("normal") && s.section("latency") instanceof Map<?, ?> m
                ? (Map<String, Object>) m : null;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> view(Map<String, Object> lat, String name) {
        Object v = lat.get(name);
        return v instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }

    private static String openTable(List<ScenarioResult> list) {
        List<String[]> rows = new ArrayList<>();
        List<String> head = new ArrayList<>(List.of("executor", "workload", "load", "rate/s req→ach"));
        head.addAll(List.of(HEADS));
        head.addAll(List.of("errors", "in-flight", "notes"));
        rows.add(head.toArray(String[]::new));
        for (ScenarioResult s : list) {
            Map<String, Object> lat = latency(s);
            List<String> r = new ArrayList<>(List.of(s.executor(), s.workload(), s.load(), rates(lat)));
            for (String level : LEVELS) {
                r.add(ms(view(lat, "corrected").get(level)) + " | " + ms(view(lat, "uncorrected").get(level)));
            }
            r.add(String.valueOf(lat.get("errors")));
            r.add(String.valueOf(lat.get("in_flight_at_end")));
            r.add(notes(lat));
            rows.add(r.toArray(String[]::new));
        }
        return format(rows);
    }

    /** Saturation, and why the corrected side is "-" when the engine knew no intended starts (JMeter). */
    static String notes(Map<String, Object> lat) {
        List<String> notes = new ArrayList<>();
        if (Boolean.TRUE.equals(lat.get("saturated"))) {
            notes.add("SATURATED: " + lat.get("saturation_reason"));
        }
        if (lat.get("corrected_absent") != null) {
            notes.add("no corrected figures: " + lat.get("corrected_absent"));
        }
        return String.join("; ", notes);
    }

    private static String demoTable(List<ScenarioResult> list) {
        List<String[]> rows = new ArrayList<>();
        List<String> head = new ArrayList<>(List.of("executor", "measured from", "rate/s req→ach"));
        head.addAll(List.of(HEADS));
        rows.add(head.toArray(String[]::new));
        String[][] ways = {{"uncorrected", "actual start (service time only, naive)"},
            {"batch_start", "start of its 1-second batch (too early)"},
            {"corrected", "its uniformly spaced intended start (right)"}};
        for (ScenarioResult s : list) {
            Map<String, Object> lat = latency(s);
            for (String[] w : ways) {
                List<String> r = new ArrayList<>(List.of(s.executor(), w[1], rates(lat)));
                for (String level : LEVELS) {
                    r.add(ms(view(lat, w[0]).get(level)));
                }
                rows.add(r.toArray(String[]::new));
            }
        }
        return format(rows);
    }

    @SuppressWarnings("unchecked")
    private static String sweepTable(List<ScenarioResult> list) {
        List<String[]> rows = new ArrayList<>();
        List<String> head = new ArrayList<>(List.of("rate/s", "achieved/s"));
        head.addAll(List.of(HEADS));
        head.addAll(List.of("errors", "SLA"));
        rows.add(head.toArray(String[]::new));
        for (ScenarioResult s : list) {
            Map<String, Object> lat = latency(s);
            Map<String, Object> sw = (Map<String, Object>) s.section("sweep");
            List<String> r = new ArrayList<>(List.of(rate(lat.get("requested_rate_ops_s")),
                    rate(lat.get("achieved_rate_ops_s"))));
            for (String level : LEVELS) {
                r.add(ms(view(lat, "corrected").get(level)));
            }
            r.add(String.valueOf(lat.get("errors")));
            String sla = sw.get("sla") == null ? "-" : Boolean.TRUE.equals(sw.get("sla_met")) ? "ok" : "BROKEN";
            r.add(sla + (Boolean.TRUE.equals(lat.get("saturated")) ? " (saturated)" : ""));
            rows.add(r.toArray(String[]::new));
        }
        return format(rows);
    }

    private static String rates(Map<String, Object> lat) {
        return rate(lat.get("requested_rate_ops_s")) + "→" + rate(lat.get("achieved_rate_ops_s"));
    }

    /** A rate without needless decimals. */
    public static String rate(Object v) {
        if (!(v instanceof Number n)) {
            return "-";
        }
        double d = n.doubleValue();
        return d >= 100 || d == Math.rint(d) ? String.format(Locale.ROOT, "%.0f", d) : String.format(Locale.ROOT, "%.1f", d);
    }

    /** Nanoseconds as milliseconds with about three significant digits. */
    public static String ms(Object ns) {
        if (!(ns instanceof Number n)) {
            return "-";
        }
        double v = n.doubleValue() / 1e6;
        // below a microsecond (a no-op's service time) three decimals would print 0.000
        String f = v >= 100 ? "%.0f" : v >= 10 ? "%.1f" : v >= 1 ? "%.2f" : v >= 0.001 || v == 0 ? "%.3f" : "%.4f";
        return String.format(Locale.ROOT, f, v);
    }

    private static String format(List<String[]> rows) {
        return ResultTable.format(rows);
    }
}
