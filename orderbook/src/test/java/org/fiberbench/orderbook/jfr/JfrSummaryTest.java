package org.fiberbench.orderbook.jfr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real recording: the summary counts only what happened inside the measured window. */
class JfrSummaryTest {
    @TempDir
    Path dir;

    /** Allocated only outside the window. */
    record Outside(long a, long b, long c) {
    }

    /** Allocated only inside it. */
    record Inside(long a, long b, long c) {
    }

    private static long churn(boolean inside, long millis) {
        List<Object> keep = new ArrayList<>();
        long sum = 0;
        long end = System.nanoTime() + millis * 1_000_000;
        while (System.nanoTime() < end) {
            for (int i = 0; i < 10_000; i++) {
                Object o = inside ? new Inside(i, i, i) : new Outside(i, i, i);
                sum += o.hashCode();
                if (i % 1000 == 0) {
                    keep.add(o);
                }
            }
            if (keep.size() > 10_000) {
                keep.clear();
            }
        }
        return sum + keep.size();
    }

    private Path record(boolean withWindow) throws Exception {
        Path file = dir.resolve(withWindow ? "windowed.jfr" : "whole.jfr");
        try (Recording r = new Recording(Configuration.getConfiguration("profile"))) {
            r.start();
            churn(false, 300);
            MeasuredWindow w = MeasuredWindow.open("test");
            churn(true, 500);
            if (withWindow) {
                w.commit();
            }
            churn(false, 300);
            r.stop();
            r.dump(file);
        }
        return file;
    }

    private static boolean allocated(JfrSummary s, Class<?> c) {
        return s.allocationByClass().stream().anyMatch(e -> e.name().equals(c.getName()));
    }

    @Test
    void countsOnlyEventsInsideTheMeasuredWindow() throws Exception {
        JfrSummary s = JfrSummary.read(record(true), 50);
        assertTrue(s.measuredSeconds() > 0.25 && s.measuredSeconds() < 5, "window length " + s.measuredSeconds());
        assertTrue(allocated(s, Inside.class), s.render());
        assertTrue(!allocated(s, Outside.class), "allocations outside the window are left out:\n" + s.render());
        assertTrue(s.executionSamples() > 0, s.render());
    }

    @Test
    void withoutAWindowTheWholeRecordingCounts() throws Exception {
        JfrSummary s = JfrSummary.read(record(false), 50);
        assertEquals(0, s.measuredSeconds());
        assertTrue(allocated(s, Inside.class) && allocated(s, Outside.class), s.render());
    }
}
