package org.fiberbench.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LoopResultTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    @TempDir
    Path tmp;

    private LoopResult roundTrip(LoopResult r) throws Exception {
        Path file = tmp.resolve("loop.json");
        r.write(file);
        return LoopResult.read(file);
    }

    @Test
    void openLoopResultReadsBackEqual() throws Exception {
        LoopResult r = LoopDriver.run(LoopRequest.of("virtual", "sleep:ms=1", "open:rate=100,duration=1500ms,warmup=500ms", 500));
        assertFalse(r.latency().intervals().isEmpty());
        assertFalse(r.latency().views().spectrumCorrected().isEmpty());
        LoopResult back = roundTrip(r);
        assertEquals(r, back);
        // what goes into results.json is the same text either side of the fork boundary
        assertEquals(JSON.writeValueAsString(r.summary()), JSON.writeValueAsString(back.summary()));
        assertEquals(r.metrics(), back.metrics());
    }

    @Test
    void closedLoopResultWithErrorsReadsBackEqual() throws Exception {
        LoopResult r = LoopDriver.run(LoopRequest.of("platform:fixed=2", "fail:every=3", "closed:users=2,duration=1s", 500));
        assertTrue(r.latency().outcome().errors() > 0, "the failing tasks are counted: " + r.latency().outcome());
        LoopResult back = roundTrip(r);
        assertEquals(r, back);
        assertEquals(r.metrics(), back.metrics());
        assertEquals(r.workers(), back.workers());
    }

    @Test
    void processPoolLoopResultReadsBackWithItsWorkers() throws Exception {
        LoopResult r;
        try {
            r = LoopDriver.run(LoopRequest.of("process:workers=2", "sleep:ms=1", "closed:users=2,duration=1s", 500));
        } finally {
            org.fiberbench.executor.ProcessWorkers.stopIdle(); // this JVM's other tests count its threads alone
        }
        LoopResult back = roundTrip(r);
        assertEquals(r, back);
        assertEquals(List.of("worker-0", "worker-1"), List.copyOf(back.workers().byWorker().keySet()));
        assertEquals(JSON.writeValueAsString(r.summary()), JSON.writeValueAsString(back.summary()));
        assertEquals(List.of("imbalance", "busy", "by_worker"), List.copyOf(back.workers().toMap().keySet()));
    }

    @Test
    @SuppressWarnings("unchecked")
    void loopWhereEveryTaskFailsHasNullPercentilesNotZero() throws Exception {
        LoopResult r = LoopDriver.run(LoopRequest.of("virtual", "fail:every=1", "open:rate=100,duration=1s", 500));
        Map<String, Object> lat = (Map<String, Object>) r.summary().get("latency");
        assertTrue(((Number) lat.get("errors")).longValue() > 0);
        assertEquals(0L, lat.get("completed"));
        for (String view : List.of("corrected", "uncorrected")) {
            assertTrue(((Map<String, Object>) lat.get(view)).values().stream().allMatch(v -> v == null),
                    "nothing finished, so no figure: " + lat.get(view));
        }
        assertNull(r.metrics().get("latency_p99_ns"));
        for (Map<String, Object> iv : (List<Map<String, Object>>) lat.get("intervals")) {
            assertNull(iv.get("p99_ns"), "an interval with only failures has no percentile: " + iv);
        }
    }
}
