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
import org.fiberbench.result.RunDirectory;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A run stopped by Ctrl-C (SIGINT) or SIGTERM keeps what it finished, ends its forks (the JMH
 * fork of a batch scenario and the loop fork of an open one) and exits 130 either way.
 */
class InterruptTest {

    @TempDir
    Path tmp;

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "TERM | batch:tasks=10",
        "INT  | open:rate=50,duration=3s",
    })
    @SuppressWarnings("unchecked")
    void stoppedRunKeepsFinishedScenariosAndEndsForks(String signal, String load) throws Exception {
        Path out = tmp.resolve("run");
        // -Djmh.ignoreLock: other JMH runs on the machine must not fail this one's scenarios
        List<String> cmd = CliCapture.command(List.of("-Djmh.ignoreLock=true"), "run",
                "-e", "virtual", "-e", "inline", "-e", "platform:fixed=1", "-w", "sleep:ms=10", "-l", load,
                "--warmup", "0", "--iterations", "3", "--time", "1s", "--out", out.toString());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(tmp.resolve("log.txt").toFile()).start();
        List<ProcessHandle> forks = new ArrayList<>();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            while (scenarioCount(out) < 1 && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            assertEquals(1, scenarioCount(out), "the first scenario finished");
            Thread.sleep(1500); // the second scenario's fork is running now
            p.descendants().forEach(forks::add);
            // what Ctrl-C sends (to the java the launcher execs), or SIGTERM
            assertEquals(0, new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start().waitFor());
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the run stops");
        } finally {
            p.destroyForcibly();
        }
        String log = Files.readString(tmp.resolve("log.txt"));
        assertEquals(130, p.exitValue(), "the documented status of an interrupted run, for SIGTERM as for Ctrl-C: " + log);
        assertFalse(log.contains("Exception in thread") || log.contains("\tat "), "no stack trace: " + log);
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
