package org.fiberbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.fiberbench.result.RunDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Another JMH benchmark holding the machine's JMH lock makes a batch scenario wait, not fail. The run
 * gets its own {@code java.io.tmpdir}, so the lock this test holds is private to it.
 */
class JmhLockTest {

    @TempDir
    Path tmp;

    @Test
    @SuppressWarnings("unchecked")
    void batchScenarioWaitsForAnotherJmhRunInsteadOfFailing() throws Exception {
        Path out = tmp.resolve("run");
        Path log = tmp.resolve("log.txt");
        List<String> cmd = CliCapture.command(List.of("-Djava.io.tmpdir=" + tmp),
                "run", "-e", "virtual", "-w", "noop", "-l", "batch:tasks=10", "--warmup", "0", "--iterations", "1",
                "--time", "100ms", "--out", out.toString());
        Process p;
        try (RandomAccessFile lockFile = new RandomAccessFile(tmp.resolve("jmh.lock").toFile(), "rw");
             FileLock held = lockFile.getChannel().lock()) {
            p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (p.isAlive() && !Files.readString(log, StandardCharsets.UTF_8).contains("waiting")
                    && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            Thread.sleep(1000);
            assertTrue(p.isAlive(), "still waiting while the lock is held: " + Files.readString(log));
        }
        try {
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the run ends once the lock is free");
        } finally {
            p.destroyForcibly();
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), output);
        assertTrue(output.contains("another JMH benchmark on this machine holds"), output);
        Map<String, Object> s = ((List<Map<String, Object>>) RunDirectory.read(out.resolve("results.json"))
                .get("scenarios")).get(0);
        assertEquals("normal", s.get("termination"), String.valueOf(s.get("failure")));
        double waited = ((Number) ((Map<String, Object>) s.get("config")).get("jmh_lock_wait_s")).doubleValue();
        assertTrue(waited >= 1.0, "the wait is recorded: " + waited);
    }
}
