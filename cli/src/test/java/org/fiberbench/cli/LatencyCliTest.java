package org.fiberbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fiberbench.result.RunDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LatencyCliTest {

    @TempDir
    Path out;

    @SuppressWarnings("unchecked")
    private List<Map<String, Object>> scenarios() throws Exception {
        return (List<Map<String, Object>>) RunDirectory.read(out.resolve("results.json")).get("scenarios");
    }

    @Test
    @SuppressWarnings("unchecked")
    void openScenarioEndToEndWritesLatencyAndFiles() throws Exception {
        int status = Main.execute("run", "-e", "virtual", "-w", "sleep:ms=1", "-l", "open:rate=100,duration=1500ms,warmup=500ms",
                "--out", out.toString());
        assertEquals(0, status);
        Map<String, Object> s = scenarios().get(0);
        Map<String, Object> lat = (Map<String, Object>) s.get("latency");
        assertEquals("open", lat.get("model"));
        assertNotNull(((Map<String, Object>) lat.get("corrected")).get("p99_9_ns"));
        Map<String, Object> m = (Map<String, Object>) s.get("metrics");
        assertTrue(((Number) m.get("completed")).longValue() >= 90, "about 100 tasks after warm-up: " + m.get("completed"));
        assertEquals(100.0, ((Number) m.get("requested_rate_ops_s")).doubleValue());
        Map<String, Object> files = (Map<String, Object>) s.get("files");
        for (String k : List.of("hgrm", "hlog", "hgrm_service", "hlog_service")) {
            assertTrue(Files.size(out.resolve((String) files.get(k))) > 0, k);
        }
        assertTrue(((List<?>) lat.get("intervals")).stream().anyMatch(i -> Boolean.TRUE.equals(((Map<?, ?>) i).get("warmup"))));
    }

    @Test
    @SuppressWarnings("unchecked")
    void sweepStopsOnceTheSlaIsBroken() throws Exception {
        int status = Main.execute("run", "-e", "platform:fixed=1", "-w", "sleep:ms=10", "-l", "open:rate=1,duration=2s,warmup=1s",
                "--sweep", "rate=50,300,400", "--sla", "p50=50ms", "--out", out.toString());
        assertEquals(0, status);
        List<Map<String, Object>> ss = scenarios();
        assertEquals(2, ss.size(), "400/s is skipped once 300/s (3× capacity) breaks p50 <= 50ms");
        List<Map<String, Object>> sweeps = (List<Map<String, Object>>) RunDirectory.read(out.resolve("results.json")).get("sweeps");
        assertTrue(String.valueOf(sweeps.get(0).get("stopped_early")).startsWith("p50"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void coDemoMeasuresOneOverCapacityRunThreeWaysSideBySide() throws Exception {
        CliCapture.Outcome r = CliCapture.run("run", "co-demo", "--out", out.toString());
        String table = r.out();
        assertEquals(0, r.code(), table + r.err());
        List<String> rows = table.lines().filter(l -> l.trim().startsWith("platform:fixed=1")
                && (l.contains("naive") || l.contains("too early") || l.contains("(right)"))).toList();
        assertEquals(3, rows.size(), table);
        Map<String, Object> lat = (Map<String, Object>) scenarios().get(0).get("latency");
        long naive = ((Number) ((Map<String, Object>) lat.get("uncorrected")).get("p50_ns")).longValue();
        long batch = ((Number) ((Map<String, Object>) lat.get("batch_start")).get("p50_ns")).longValue();
        long right = ((Number) ((Map<String, Object>) lat.get("corrected")).get("p50_ns")).longValue();
        assertTrue(naive < 30_000_000L, "service time alone stays near the 10 ms task: " + naive);
        assertTrue(right > 10 * naive, "from the intended start the queueing shows: " + right + " vs " + naive);
        assertTrue(batch >= right, "from the start of each second every task looks older still: " + batch + " vs " + right);
        assertEquals(true, lat.get("saturated"));
    }

    @Test
    void rejectsUnknownSlaPercentile() {
        assertEquals(2, Main.execute("run", "-e", "virtual", "--sweep", "rate=10,20", "--sla", "p95=10ms",
                "--out", out.toString()));
    }

    @Test
    void rejectsZeroRateInSweep() {
        assertEquals(2, Main.execute("run", "-e", "virtual", "--sweep", "rate=0..10:5", "--out", out.toString()));
    }

    @Test
    void rejectsWarmupAsLongAsDuration() {
        assertEquals(2, Main.execute("run", "-e", "virtual", "-l", "closed:users=2,duration=1s,warmup=1s",
                "--out", out.toString()));
    }
}
