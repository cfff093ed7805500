package org.fiberbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.fiberbench.engine.Defaults;
import org.fiberbench.result.RunDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run stopped with SIGTERM (what Ctrl-C does too) keeps what it finished and ends its forks. */
class InterruptTest {

    @TempDir
    Path tmp;

    @Test
    @SuppressWarnings("unchecked")
    void stoppedRunKeepsFinishedScenariosAndEndsForks() throws Exception {
        Path out = tmp.resolve("run");
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(Defaults.FORK_JVM_ARGS);
        // other JMH runs on this machine may hold /tmp/jmh.lock; this test is about stopping, not timing
        cmd.addAll(List.of("-Djmh.ignoreLock=true", "-cp", System.getProperty("java.class.path"), Main.class.getName(), "run",
                "-e", "virtual", "-e", "inline", "-e", "platform:fixed=1", "-w", "sleep:ms=10", "-l", "batch:tasks=10",
                "--warmup", "0", "--iterations", "5", "--time", "1s", "--out", out.toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(tmp.resolve("log.txt").toFile()).start();
        List<ProcessHandle> forks = new ArrayList<>();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            while (scenarioCount(out) < 1 && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            assertEquals(1, scenarioCount(out), "the first scenario finished");
            Thread.sleep(1500); // the second scenario's JMH fork is running now
            p.descendants().forEach(forks::add);
            p.destroy(); // SIGTERM
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the run stops");
        } finally {
            p.destroyForcibly();
        }
        Map<String, Object> doc = RunDirectory.read(out.resolve("results.json"));
        var scenarios = (List<Map<String, Object>>) doc.get("scenarios");
        assertEquals("normal", scenarios.get(0).get("termination"));
        assertEquals("interrupted", scenarios.get(1).get("termination"));
        assertTrue(((List<String>) doc.get("warnings")).stream().anyMatch(w -> w.contains("interrupted")));
        assertTrue(doc.get("finished_at") != null);
        assertTrue(Files.exists(out.resolve("report.html")), "the report is still written");
        assertFalse(forks.isEmpty(), "a fork was running when the run was stopped");
        Thread.sleep(500);
        for (ProcessHandle f : forks) {
            assertFalse(f.isAlive(), "fork " + f.pid() + " was ended");
        }
    }

    private static int scenarioCount(Path out) {
        try {
            if (!Files.exists(out.resolve("results.json"))) {
                return 0;
            }
            return ((List<?>) RunDirectory.read(out.resolve("results.json")).get("scenarios")).size();
        } catch (Exception e) {
            return 0;
        }
    }
}
