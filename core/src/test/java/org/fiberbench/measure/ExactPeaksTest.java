package org.fiberbench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** Peak threads and heap per measured iteration come from the JVM's own figures, not from samples. */
class ExactPeaksTest {
    /** One sample a minute: within a test only the samples taken at start and stop are in the timeline. */
    private static final ObserveOptions RARE_SAMPLES = new ObserveOptions(60_000, Duration.ofMillis(20), null, null, false);
    private static final int BURST = 2000;

    /** Starts {@code n} platform threads that are all alive together, then each lives 20 ms more and ends. */
    private static void burstOfThreads(int n) throws InterruptedException {
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> ts = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            ts.add(Thread.ofPlatform().stackSize(256 * 1024).start(() -> {
                try {
                    go.await();
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
        }
        go.countDown();
        for (Thread t : ts) {
            t.join();
        }
    }

    @Test
    void peakThreadCounterSeesABurstBetweenTwoSamplesAndResetsPerIteration() throws Exception {
        Observer o = Observer.start(RARE_SAMPLES, Observer.Carriers.NONE, Observer.Files.NONE);
        o.iterationStarted();
        burstOfThreads(BURST);
        ResourceSampler.IterationPeaks withBurst = o.iterationEnded();
        o.iterationStarted();
        Thread.sleep(50);
        ResourceSampler.IterationPeaks quiet = o.iterationEnded();
        Resources r = o.stop(0).resources();

        assertTrue(withBurst.threads() >= BURST, "iteration with the burst: " + withBurst);
        assertTrue(quiet.threads() < BURST / 4, "quiet iteration after the burst: " + quiet);
        assertEquals(withBurst.threads(), r.summary().threadsPeak(), "the scenario's peak is its largest iteration's");
        long sampledMax = r.timeline().stream().mapToLong(Resources.Point::threads).max().orElseThrow();
        assertTrue(sampledMax < BURST / 4, "the samples missed the burst: sampled max " + sampledMax);
    }

    @Test
    void peakHeapSeesAnAllocationHeldBrieflyInAnIteration() throws Exception {
        Observer o = Observer.start(RARE_SAMPLES, Observer.Carriers.NONE, Observer.Files.NONE);
        o.iterationStarted();
        long held = holdBriefly(200);
        System.gc(); // the collection reports the heap in use before it: the 200 MB were still there
        ResourceSampler.IterationPeaks p = o.iterationEnded();
        Resources r = o.stop(0).resources();

        assertTrue(p.heapBytes() >= held, "iteration peak " + p.heapBytes() + " < held " + held);
        assertEquals(p.heapBytes(), r.summary().heapPeakBytes());
    }

    @Test
    void withoutIterationsThePeaksCoverTheWholeWindow() throws Exception {
        ResourceSampler s = ResourceSampler.start(60_000);
        burstOfThreads(BURST / 4);
        long held = holdBriefly(64);
        System.gc();
        Resources.Summary m = s.stop(0).summary();
        assertTrue(m.threadsPeak() >= BURST / 4, m.toString());
        assertTrue(m.heapPeakBytes() >= held, m.toString());
    }

    /** Allocates {@code mib} MiB, keeps it reachable for a moment, then lets it go; returns the bytes held. */
    private static long holdBriefly(int mib) throws InterruptedException {
        byte[][] chunks = new byte[mib][];
        for (int i = 0; i < mib; i++) {
            chunks[i] = new byte[1 << 20];
        }
        Thread.sleep(20);
        long bytes = 0;
        for (byte[] c : chunks) {
            bytes += c.length;
        }
        return bytes;
    }
}
