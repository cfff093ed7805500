package org.fiberbench.engine.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.fiberbench.spec.SpecException;
import org.junit.jupiter.api.Test;

/** The interleaved batches at a tiny scale: each side runs its own work, pair by pair, in the columns it is printed in. */
class InterleavedBatchesTest {

    private static List<long[]> run(String executor, String workload, String reference, int tasks, int warmup, int pairs)
            throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new InterleavedBatches(executor, workload, reference, tasks).run(warmup, pairs, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8).lines().map(l -> {
            String[] f = l.split(" ");
            assertEquals("pair", f[0], l);
            return new long[] {Long.parseLong(f[1]), Long.parseLong(f[2])};
        }).toList();
    }

    @Test
    void eachSideRunsItsOwnWorkInItsOwnColumn() throws Exception {
        // fiberbench's tasks sleep 40 ms, the reference's 5: the columns must not swap when the order does
        List<long[]> pairs = run("virtual", "sleep:ms=40", "sleep:ms=5", 10, 1, 4);
        assertEquals(4, pairs.size(), "the warm-up pair is not printed");
        for (long[] p : pairs) {
            assertTrue(p[0] >= 5_000_000 && p[0] < 40_000_000, "reference " + p[0]);
            assertTrue(p[1] >= 40_000_000, "fiberbench " + p[1]);
        }
    }

    @Test
    void customSchedulersRunTheCpuTaskOnBothSides() throws Exception {
        for (String scheduler : new String[] {"fixed", "forkjoin"}) {
            List<long[]> pairs = run("virtual:scheduler=" + scheduler + ",carriers=2", "cpu:iterations=20000", "cpu:iterations=20000",
                    20, 0, 2);
            assertEquals(2, pairs.size(), scheduler);
            assertTrue(pairs.stream().allMatch(p -> p[0] > 0 && p[1] > 0), scheduler);
        }
    }

    @Test
    void whatCannotBeComparedIsRefusedByName() {
        SpecException e = assertThrows(SpecException.class, () -> new InterleavedBatches("platform:fixed=2", "sleep:ms=1", "sleep:ms=1", 1));
        assertTrue(e.getMessage().contains("platform:fixed=2") && e.getMessage().contains("accepted: virtual"), e.getMessage());
        e = assertThrows(SpecException.class, () -> new InterleavedBatches("virtual", "sleep:ms=1", "noop", 1));
        assertTrue(e.getMessage().contains("noop") && e.getMessage().contains("accepted: cpu:iterations=N, sleep:ms=M"), e.getMessage());
    }

    @Test
    void aFailingFiberbenchTaskEndsTheRunWithItsCause() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> run("virtual", "fail:every=1", "sleep:ms=1", 3, 0, 1));
        assertTrue(e.getMessage().contains("3 of 3 tasks failed"), e.getMessage());
    }
}
