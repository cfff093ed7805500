package org.fiberbench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

class ProcFsTest {

    @Test
    void processCpuMatchesTheJvmsOwnFigure() {
        ProcFs proc = new ProcFs();
        Assumptions.assumeTrue(proc.available(), "Linux /proc only");
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long[] before = proc.cpuMillis();
        long jvmBefore = os.getProcessCpuTime() / 1_000_000;
        double x = 0;
        // spin until the JVM itself counts 300 ms of CPU (bounded), so a busy machine cannot starve the sample
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (os.getProcessCpuTime() / 1_000_000 - jvmBefore < 300 && System.nanoTime() < deadline) {
            for (int i = 0; i < 10_000; i++) {
                x += Math.sqrt(x + 1);
            }
        }
        long[] after = proc.cpuMillis();
        long jvm = os.getProcessCpuTime() / 1_000_000 - jvmBefore;
        long ours = after[0] + after[1] - before[0] - before[1];
        proc.close();
        // both count every thread of the process; /proc in 10 ms ticks per thread, hence the slack
        assertTrue(ours >= 100 && Math.abs(ours - jvm) <= 20 + jvm / 5, "proc " + ours + " ms vs JVM " + jvm + " ms " + x);
    }

    @Test
    void manyThreadsSwitchToOneSystemCallThatCountsThreadsThatEnded() throws Exception {
        ProcFs proc = new ProcFs();
        Assumptions.assumeTrue(proc.available() && Runtime.version().feature() >= 22, "Linux, JDK 22+ (getrusage)");
        proc.contextSwitches();
        assertFalse(proc.wholeProcessSwitches(), "a few threads: their status files");
        int n = ProcFs.RUSAGE_FROM_THREADS + 100;
        java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
        Thread[] threads = new Thread[n];
        for (int i = 0; i < n; i++) {
            threads[i] = Thread.ofPlatform().start(() -> {
                try {
                    go.await();
                    Thread.sleep(1); // each sleep is a voluntary switch of that thread
                    Thread.sleep(1);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }
        long[] many = proc.contextSwitches();
        assertTrue(proc.wholeProcessSwitches(), "more than " + ProcFs.RUSAGE_FROM_THREADS + " threads: getrusage");
        long[] next = proc.contextSwitches();
        assertTrue(next[0] >= many[0] && next[1] >= many[1], "the series goes on from the files' sum");
        go.countDown();
        for (Thread t : threads) {
            t.join();
        }
        long[] after = proc.contextSwitches();
        long[] files = proc.perThreadContextSwitches();
        proc.close();
        // 2n sleeps of threads that have all ended: their status files are gone, getrusage kept them
        assertTrue(after[0] - many[0] >= 2L * n, "voluntary switches " + many[0] + " -> " + after[0]);
        assertTrue(after[0] > files[0], "getrusage " + after[0] + " vs the live threads' files " + files[0]);
    }

    @Test
    void readsANumberAfterAStatusFieldName() {
        String status = "Name:\tjava\nVmRSS:\t  123456 kB\nvoluntary_ctxt_switches:\t42\nnonvoluntary_ctxt_switches:\t7\n";
        assertEquals(123456, ProcFs.field(status, "VmRSS:"));
        assertEquals(42, ProcFs.field(status, "voluntary_ctxt_switches:"));
        assertEquals(7, ProcFs.field(status, "nonvoluntary_ctxt_switches:"));
        assertEquals(-1, ProcFs.field(status, "VmSwap:"));
    }
}
