package org.fiberbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LatencyTableTest {

    private static Map<String, Object> view(long p50Ms) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("p50_ns", p50Ms * 1_000_000);
        v.put("p90_ns", p50Ms * 2_000_000);
        v.put("p99_ns", p50Ms * 3_000_000);
        v.put("p99_9_ns", p50Ms * 4_000_000);
        v.put("max_ns", p50Ms * 5_000_000);
        return v;
    }

    private static ScenarioResult open(String group, boolean saturated, long errors) {
        Map<String, Object> lat = new LinkedHashMap<>();
        lat.put("model", "open");
        lat.put("requested_rate_ops_s", 200.0);
        lat.put("achieved_rate_ops_s", saturated ? 96.0 : 199.0);
        lat.put("errors", errors);
        lat.put("in_flight_at_end", saturated ? 129 : 0);
        lat.put("saturated", saturated);
        lat.put("saturation_reason", saturated ? "achieved 48.0% of requested rate" : null);
        lat.put("corrected", view(saturated ? 1600 : 11));
        lat.put("uncorrected", view(10));
        lat.put("batch_start", view(2000));
        ScenarioResult r = new ScenarioResult("01-x", "platform:fixed=1", "sleep:ms=10", "open:rate=200,duration=3s");
        if (group != null) {
            r.group(group);
        }
        return r.section("latency", lat);
    }

    private static String rowOf(String table, String start) {
        return table.lines().filter(l -> l.trim().startsWith(start)).findFirst().orElseThrow(() -> new AssertionError(table));
    }

    @Test
    void openScenarioShowsCorrectedAndUncorrectedSideBySideWithErrors() {
        String t = LatencyTable.render(List.of(open(null, false, 7)));
        assertTrue(t.contains("Latency, open model, ms: corrected (from intended start) | uncorrected (service time)"), t);
        String row = rowOf(t, "platform:fixed=1");
        assertTrue(row.contains("11.0 | 10.0"), "p50 corrected | uncorrected: " + row);
        assertTrue(row.contains("55.0 | 50.0"), "max corrected | uncorrected: " + row);
        assertTrue(row.contains("200→199"), row);
        assertTrue(row.matches(".*\\s7\\s+0\\s*$"), "errors then in-flight: " + row);
    }

    @Test
    void saturatedScenarioCarriesAWarning() {
        String row = rowOf(LatencyTable.render(List.of(open(null, true, 0))), "platform:fixed=1");
        assertTrue(row.endsWith("SATURATED: achieved 48.0% of requested rate"), row);
        assertTrue(row.contains("200→96"), row);
    }

    @Test
    void anEngineWithoutIntendedStartsSaysWhyTheCorrectedSideIsEmpty() {
        ScenarioResult r = open(null, false, 0);
        @SuppressWarnings("unchecked")
        Map<String, Object> lat = (Map<String, Object>) r.section("latency");
        lat.put("corrected", new LinkedHashMap<>());
        lat.put("corrected_absent", "JMeter records actual sends only");
        String row = rowOf(LatencyTable.render(List.of(r)), "platform:fixed=1");
        assertTrue(row.contains("- | 10.0"), "p50 absent | service time: " + row);
        assertTrue(row.endsWith("no corrected figures: JMeter records actual sends only"), row);
    }

    @Test
    void coDemoShowsTheSameRunMeasuredThreeWays() {
        String t = LatencyTable.render(List.of(open(LatencyTable.CO_DEMO_GROUP + ": sleep:ms=10 × open", true, 0)));
        List<String> rows = t.lines().filter(l -> l.trim().startsWith("platform:fixed=1")).toList();
        assertEquals(3, rows.size(), t);
        assertTrue(rows.get(0).contains("actual start (service time only, naive)") && rows.get(0).contains(" 10.0 "), rows.get(0));
        assertTrue(rows.get(1).contains("start of its 1-second batch") && rows.get(1).contains(" 2000 "), rows.get(1));
        assertTrue(rows.get(2).contains("uniformly spaced intended start") && rows.get(2).contains(" 1600 "), rows.get(2));
    }

    @Test
    void failedScenariosAndBatchesHaveNoLatencyRows() {
        ScenarioResult failed = open(null, false, 0).failure("boom");
        ScenarioResult batch = new ScenarioResult("02-y", "virtual", "noop", "batch:tasks=1");
        assertEquals("", LatencyTable.render(List.of(failed, batch)));
    }

    @Test
    void subMicrosecondTimesKeepASignificantDigit() {
        assertEquals("0.0001", LatencyTable.ms(100));
        assertEquals("0.250", LatencyTable.ms(250_000));
        assertEquals("1250", LatencyTable.ms(1_250_000_000L));
    }
}
