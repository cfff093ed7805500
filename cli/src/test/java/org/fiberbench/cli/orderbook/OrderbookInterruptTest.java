package org.fiberbench.cli.orderbook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.fiberbench.cli.CliCapture;
import org.fiberbench.orderbook.CommandCodec;
import org.fiberbench.orderbook.Generator;
import org.fiberbench.result.RunDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An orderbook run stopped with SIGTERM (what Ctrl-C does too) keeps its finished scenarios, writes its report and ends its fork. */
class OrderbookInterruptTest {
    @TempDir
    Path tmp;

    @Test
    @SuppressWarnings("unchecked")
    void stoppedLatencyRunKeepsFinishedScenariosAndItsReport() throws Exception {
        Path in = tmp.resolve("cmds.csv");
        CommandCodec.write(Generator.generate(new Generator.Options(2000, 3, 0.4, 20)), in);
        Path out = tmp.resolve("run");
        List<String> cmd = new ArrayList<>();
        cmd.addAll(CliCapture.command("orderbook", "latency",
                "--input", in.toString(), "--impl", "fast", "--rate", "1000", "--seconds", "2", "--out", out.toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(tmp.resolve("log.txt").toFile()).start();
        List<ProcessHandle> forks = new ArrayList<>();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            while (scenarios(out).isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertEquals(1, scenarios(out).size(), "the first timing finished: " + Files.readString(tmp.resolve("log.txt")));
            Thread.sleep(500); // the second timing's fork is running now
            p.descendants().forEach(forks::add);
            p.destroy(); // SIGTERM
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the command stops");
            assertEquals(130, p.exitValue(), "SIGTERM ends an orderbook run as Ctrl-C does");
        } finally {
            p.destroyForcibly();
        }
        Map<String, Object> doc = RunDirectory.read(out.resolve("results.json"));
        List<Map<String, Object>> sc = (List<Map<String, Object>>) doc.get("scenarios");
        assertEquals("normal", sc.get(0).get("termination"));
        assertTrue(sc.size() < 3, "the run did not go on: " + sc.size());
        assertTrue(((List<String>) doc.get("warnings")).stream().anyMatch(w -> w.contains("interrupted")), doc.get("warnings").toString());
        assertTrue(doc.get("finished_at") != null);
        assertTrue(Files.exists(out.resolve("report.html")), "the report is still written");
        assertFalse(forks.isEmpty(), "a fork was running when the command was stopped");
        Thread.sleep(500);
        for (ProcessHandle f : forks) {
            assertFalse(f.isAlive(), "fork " + f.pid() + " was ended");
        }
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> scenarios(Path out) {
        try {
            if (!Files.exists(out.resolve("results.json"))) {
                return List.of();
            }
            return (List<Map<String, Object>>) RunDirectory.read(out.resolve("results.json")).get("scenarios");
        } catch (Exception e) {
            return List.of();
        }
    }
}
