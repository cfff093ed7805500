package org.fiberbench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencyReportTest {
    private static final long MS = 1_000_000L;

    private static Histogram histogram(long valueNs, int count) {
        Histogram h = new Histogram(3);
        h.recordValueWithCount(valueNs, count);
        return h;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> view(LatencyReport r, String name) {
        return (Map<String, Object>) r.section().get(name);
    }

    @Test
    void emptyHistogramsGiveNullFiguresNotZero() {
        LatencyReport r = LatencyReport.closed(4).histograms(new Histogram(3), new Histogram(3)).build();
        for (String name : List.of("corrected", "uncorrected")) {
            assertEquals(List.of("p50_ns", "p90_ns", "p99_ns", "p99_9_ns", "p99_99_ns", "max_ns", "mean_ns"),
                    List.copyOf(view(r, name).keySet()));
            assertTrue(view(r, name).values().stream().allMatch(v -> v == null), "no data is null: " + view(r, name));
        }
        assertNull(r.percentileMetrics().get("latency_p99_ns"));
        assertNull(r.percentileMetrics().get("service_mean_ns"));
        assertEquals(Map.of("corrected", List.of(), "uncorrected", List.of()), r.section().get("spectrum"));
    }

    @Test
    void correctedAndServiceViewsComeFromTheirOwnHistograms() {
        LatencyReport r = LatencyReport.open("uniform", 100).histograms(histogram(200 * MS, 50), histogram(10 * MS, 50))
                .achievedRate(100).build();
        long corrected = (Long) view(r, "corrected").get("p50_ns");
        long service = (Long) view(r, "uncorrected").get("p50_ns");
        assertEquals(200 * MS, corrected, 200 * MS / 1000.0, "corrected p50");
        assertEquals(10 * MS, service, 10 * MS / 1000.0, "service p50");
        assertEquals(corrected, r.percentileMetrics().get("latency_p50_ns"));
        assertEquals(service, r.percentileMetrics().get("service_p50_ns"));
        @SuppressWarnings("unchecked")
        List<double[]> spectrum = (List<double[]>) ((Map<String, Object>) r.section().get("spectrum")).get("corrected");
        assertEquals(1.0, spectrum.get(spectrum.size() - 1)[0], "the spectrum ends at the maximum");
        assertEquals(corrected, spectrum.get(spectrum.size() - 1)[1], 200 * MS / 1000.0);
    }

    @Test
    void openRunBelowTheShareOfItsRateIsSaturated() {
        LatencyReport r = LatencyReport.open("poisson", 200).achievedRate(150).build();
        assertTrue(r.saturated());
        assertEquals("achieved 75.0% of requested rate", r.section().get("saturation_reason"));
        assertEquals(200.0, r.section().get("requested_rate_ops_s"));
        assertEquals("poisson", r.section().get("timing"));
    }

    @Test
    void growingBacklogSaturatesAnOpenRunThatKeptItsRate() {
        LatencyReport grew = LatencyReport.open("uniform", 200).achievedRate(199).backlog(5, 100).build();
        assertTrue(grew.saturated());
        assertEquals("backlog grew from 5 to 100 tasks", grew.section().get("saturation_reason"));
        LatencyReport wobbled = LatencyReport.open("uniform", 200).achievedRate(199).backlog(5, 12).build();
        assertFalse(wobbled.saturated(), "a few tasks more in the queue are noise");
        assertNull(wobbled.section().get("saturation_reason"));
    }

    @Test
    void closedRunWithUnfinishedTasksIsNotSaturatedButSaysWhy() {
        LatencyReport r = LatencyReport.closed(2).achievedRate(10).inFlightAtEnd(2).build();
        assertFalse(r.saturated(), "a closed model has no rate to fall short of");
        assertEquals("2 tasks still unfinished after the drain (hanging or backlog)", r.section().get("saturation_reason"));
        assertEquals(2L, r.section().get("in_flight_at_end"));
        assertNull(r.section().get("requested_rate_ops_s"));
        assertEquals("closed", r.section().get("timing"));
    }

    @Test
    void producerReasonsFollowTheRateRule() {
        LatencyReport r = LatencyReport.open("batch", 1000).achievedRate(500).reason("stopped at the deadline").build();
        assertEquals("achieved 50.0% of requested rate; stopped at the deadline", r.section().get("saturation_reason"));
    }
}
