package org.fiberbench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLongArray;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.executor.TaskExecutor;
import org.fiberbench.measure.LatencyRecorder;
import org.fiberbench.spec.SpecException;
import org.fiberbench.workload.TestWorkload;
import org.fiberbench.workload.Workload;
import org.junit.jupiter.api.Test;

/** {@code ramp=R}: the closed model's users start R/N apart instead of in step. */
class ClosedRampTest {

    @Test
    void rampParsesPrintsBackAndIsCheckedAgainstTheDuration() {
        ClosedLoad l = (ClosedLoad) LoadSpec.parse("closed:ramp=1s,users=400,duration=10s,warmup=3s");
        assertEquals(new ClosedLoad(400, Duration.ofSeconds(10), Duration.ofSeconds(3), Duration.ofSeconds(1)), l);
        assertEquals("closed:users=400,duration=10s,warmup=3s,ramp=1s", l.canonical());
        assertEquals(l, LoadSpec.parse(l.canonical()));
        assertEquals(Duration.ZERO, ((ClosedLoad) LoadSpec.parse("closed:users=2,duration=1s")).ramp());
        String m = assertThrows(SpecException.class, () -> LoadSpec.parse("closed:users=2,duration=1s,ramp=2s")).getMessage();
        assertTrue(m.contains("ramp") && m.contains("2s") && m.contains("shorter than duration 1s"), m);
        assertThrows(SpecException.class, () -> new ClosedLoad(2, Duration.ofSeconds(1), Duration.ZERO, Duration.ofMillis(-1)));
    }

    @Test
    void aScenarioOnAnotherHttpEngineKeepsItsRamp() {
        var target = org.fiberbench.http.HttpTarget.of("http://127.0.0.1:1/x", null, null, Duration.ofSeconds(1), null);
        assertEquals(Duration.ofSeconds(1),
                new org.fiberbench.http.LoadOptions(target, LoadSpec.parse("closed:users=4,duration=3s,ramp=1s")).ramp());
        assertEquals(Duration.ZERO, new org.fiberbench.http.LoadOptions(target, LoadSpec.parse("open:rate=5,duration=3s")).ramp());
    }

    @Test
    void eachUsersFirstTaskStartsItsShareOfTheRampLater() throws Exception {
        int users = 4;
        long rampMs = 400;
        // a cold JVM loads the model's and the virtual threads' classes on the first run, which once made
        // the first two users 180 ms late: that run is the warm-up, the second one is judged
        firstStarts(users, rampMs);
        long[] starts = firstStarts(users, rampMs);
        for (int u = 0; u < users; u++) {
            long planned = rampMs * u / users;
            assertTrue(starts[u] >= planned && starts[u] < planned + 80,
                    "user " + u + " starts at " + planned + " ms of the ramp: " + Arrays.toString(starts));
        }
    }

    /** When each user's first task started, in ms from t0, on a closed load of {@code users} ramped over {@code rampMs}. */
    private static long[] firstStarts(int users, long rampMs) throws Exception {
        long t0 = System.nanoTime() + 50_000_000L;
        AtomicLongArray firstStartMs = new AtomicLongArray(users);
        for (int u = 0; u < users; u++) {
            firstStartMs.set(u, -1);
        }
        Workload w = TestWorkload.of("first-starts", seq -> {
            if (seq < users) { // user u's first task is seq u
                firstStartMs.set((int) seq, (System.nanoTime() - t0) / 1_000_000L);
            }
            Thread.sleep(5);
        });
        try (TaskExecutor ex = ExecutorSpec.parse("virtual").create()) {
            LoadModel model = new ClosedLoad(users, Duration.ofMillis(800), Duration.ZERO, Duration.ofMillis(rampMs))
                    .model(new LoadModel.Setup(ex, w, new LatencyRecorder(t0, false), 1, 1_000_000_000L));
            model.start(t0);
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (!model.stopped() && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertTrue(model.stopped());
        }
        long[] starts = new long[users];
        for (int u = 0; u < users; u++) {
            starts[u] = firstStartMs.get(u);
        }
        return starts;
    }
}
