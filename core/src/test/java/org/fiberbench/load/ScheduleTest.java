package org.fiberbench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Intended start times of the open model: uniform spacing from the task number, or seeded Poisson arrivals. */
class ScheduleTest {

    @Test
    void uniformStartsAreExactlyIOverRateFromT0() {
        OpenLoadModel.Schedule s = new OpenLoadModel.Schedule(1_000, 200, false, 1);
        for (long i = 0; i < 10_000; i++) {
            assertEquals(1_000 + i * 5_000_000L, s.next(), "task " + i);
        }
    }

    @Test
    void poissonGapsAreExponentialWithTheRequestedMeanRate() {
        double rate = 1000;
        int n = 200_000;
        OpenLoadModel.Schedule s = new OpenLoadModel.Schedule(0, rate, true, 42);
        long prev = s.next();
        assertEquals(0, prev, "the first task is due at t0");
        double sum = 0;
        double sumSq = 0;
        for (int i = 0; i < n; i++) {
            long at = s.next();
            double gap = at - prev;
            assertTrue(gap >= 0);
            sum += gap;
            sumSq += gap * gap;
            prev = at;
        }
        double mean = sum / n;
        double cv = Math.sqrt(sumSq / n - mean * mean) / mean;
        assertEquals(1e9 / rate, mean, 1e9 / rate * 0.01, "mean gap 1/R");
        assertEquals(1.0, cv, 0.02, "exponential gaps: standard deviation equals the mean (uniform would give 0)");
    }

    @Test
    void poissonScheduleIsRepeatableForASeed() {
        OpenLoadModel.Schedule a = new OpenLoadModel.Schedule(0, 500, true, 7);
        OpenLoadModel.Schedule b = new OpenLoadModel.Schedule(0, 500, true, 7);
        OpenLoadModel.Schedule c = new OpenLoadModel.Schedule(0, 500, true, 8);
        boolean differs = false;
        for (int i = 0; i < 1000; i++) {
            long x = a.next();
            assertEquals(x, b.next());
            differs |= x != c.next();
        }
        assertTrue(differs, "another seed gives other arrivals");
    }
}
