package org.fiberbench.result;

import java.util.List;
import java.util.Map;

/** {@code results.csv}: one row per scenario with the headline figures, for spreadsheets. */
final class CsvWriter {
    private static final String[] METRICS = {"score", "score_error", "score_unit", "throughput_ops_s",
        "latency_p50_ns", "latency_p99_ns", "latency_p99_9_ns", "latency_max_ns", "errors", "threads_peak", "cpu_user_ms",
        "cpu_sys_ms", "pinned_count"};

    private CsvWriter() {
    }

    static String toCsv(List<ScenarioResult> scenarios) {
        StringBuilder sb = new StringBuilder("id,executor,workload,load,termination");
        for (String m : METRICS) {
            sb.append(',').append(m);
        }
        sb.append('\n');
        for (ScenarioResult s : scenarios) {
            Map<String, Object> m = s.metrics();
            sb.append(cell(s.id())).append(',').append(cell(s.executor())).append(',').append(cell(s.workload()))
                    .append(',').append(cell(s.load())).append(',').append(cell(s.termination()));
            for (String k : METRICS) {
                Object v = m.get(k);
                sb.append(',').append(v == null ? "" : cell(String.valueOf(v)));
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    private static String cell(String s) {
        if (s.contains(",") || s.contains("\"") || s.contains("\n")) {
            return '"' + s.replace("\"", "\"\"") + '"';
        }
        return s;
    }
}
