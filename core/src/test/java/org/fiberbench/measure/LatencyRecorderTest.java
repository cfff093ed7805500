package org.fiberbench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class LatencyRecorderTest {
    private static final long MS = 1_000_000L;

    @Test
    void everyRecordingFromManyThreadsLandsInExactlyOneInterval() throws Exception {
        long t0 = System.nanoTime();
        LatencyRecorder rec = new LatencyRecorder(t0, true);
        int writers = 64;
        int each = 5_000;
        List<Long> counts = new ArrayList<>(); // per interval: histograms themselves would hold megabytes
        AtomicBoolean writing = new AtomicBoolean(true);
        Thread reader = Thread.ofPlatform().start(() -> {
            while (writing.get()) {
                counts.add(rec.interval().corrected().getTotalCount());
                try {
                    Thread.sleep(1);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int w = 0; w < writers; w++) {
                pool.execute(() -> {
                    for (int i = 0; i < each; i++) {
                        // intended t0, start 1 ms later, end 3 ms later: corrected 3 ms, service 2 ms, delay 1 ms
                        rec.recordSuccess(t0, t0 + MS, t0 + 3 * MS);
                    }
                });
            }
        }
        writing.set(false);
        reader.join();
        counts.add(rec.interval().corrected().getTotalCount());
        long total = counts.stream().mapToLong(Long::longValue).sum();
        assertEquals((long) writers * each, total, "no recording lost or counted twice across stripes and intervals");
        assertEquals((long) writers * each, rec.finished());
        assertTrue(counts.size() > 1, "the reader swapped intervals while writers wrote");
    }

    @Test
    void intervalAddsTheViewsOfEveryStripe() throws Exception {
        long t0 = System.nanoTime();
        LatencyRecorder rec = new LatencyRecorder(t0, false);
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < LatencyRecorder.STRIPES * 2; w++) { // more threads than stripes: every stripe used
            threads.add(Thread.ofPlatform().start(() -> rec.recordSuccess(t0, t0 + MS, t0 + 3 * MS)));
        }
        for (Thread t : threads) {
            t.join();
        }
        LatencyRecorder.Interval iv = rec.interval();
        long n = LatencyRecorder.STRIPES * 2L;
        assertEquals(n, iv.corrected().getTotalCount());
        assertEquals(n, iv.service().getTotalCount());
        assertEquals(n, iv.startDelay().getTotalCount());
        assertEquals(0, iv.batch().getTotalCount(), "the batch view is off for this recorder");
        assertEquals(3.0, iv.corrected().getValueAtPercentile(50) / (double) MS, 0.01);
        assertEquals(2.0, iv.service().getValueAtPercentile(50) / (double) MS, 0.01);
        assertEquals(1.0, iv.startDelay().getValueAtPercentile(50) / (double) MS, 0.01);
        assertEquals(0, rec.interval().corrected().getTotalCount(), "an interval is reset once read");
    }
}
