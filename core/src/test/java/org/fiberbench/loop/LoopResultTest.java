package org.fiberbench.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
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
}
