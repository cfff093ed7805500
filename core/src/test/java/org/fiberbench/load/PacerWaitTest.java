package org.fiberbench.load;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The pacer's wait (parked while far off, spun over the last stretch) is never early. */
class PacerWaitTest {
    @Test
    void neverReturnsBeforeTheDueTime() {
        long base = System.nanoTime();
        for (long gap : new long[] {0, 10_000, 150_000, 2_000_000}) {
            long due = System.nanoTime() + gap;
            assertTrue(OpenLoadModel.waitUntil(due) >= due, "returned before a task " + gap + " ns ahead was due");
        }
        assertTrue(OpenLoadModel.waitUntil(base) >= base, "a task already due waits for nothing");
    }
}
