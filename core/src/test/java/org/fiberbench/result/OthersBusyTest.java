package org.fiberbench.result;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The "other processes used the CPU" check must not count fiberbench's own CPU as other work. It reads
 * the whole machine's CPU, so it runs in a test JVM of its own (the machine-wide group).
 */
@Tag("machine-wide")
class OthersBusyTest {
    @Test
    void cpuBurntByThisProcessAndItsChildIsNotOtherWork() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/stat")), "needs /proc/stat");
        int cpus = Runtime.getRuntime().availableProcessors();
        AtomicBoolean stop = new AtomicBoolean();
        List<Thread> burners = new ArrayList<>();
        for (int i = 0; i < cpus; i++) { // every CPU busy, half of it in this JVM, half in a child
            if (i % 2 == 0) {
                burners.add(Thread.ofPlatform().daemon().start(() -> {
                    double x = 0;
                    while (!stop.get()) {
                        x += Math.sqrt(x + 1);
                    }
                }));
            }
        }
        Process child = new ProcessBuilder("sh", "-c", "i=0; while :; do i=$((i+1)); done").start();
        try {
            Thread.sleep(300); // the child is running and counted at the first reading
            double others = Environment.othersBusyPct(1_000);
            assertTrue(others < 40, "this JVM and its child kept every CPU busy, yet " + others + "% was called other work");
        } finally {
            stop.set(true);
            child.destroyForcibly().waitFor();
            for (Thread t : burners) {
                t.join();
            }
        }
    }

    @Test
    void ownCpuCoversThisProcessAndItsLiveChildren() throws Exception {
        Process child = new ProcessBuilder("sleep", "5").start();
        try {
            var own = Environment.ownCpuNanos();
            assertTrue(own.containsKey(ProcessHandle.current().pid()), own.toString());
            assertTrue(own.containsKey(child.pid()), own.toString());
        } finally {
            child.destroyForcibly().waitFor();
        }
    }
}
