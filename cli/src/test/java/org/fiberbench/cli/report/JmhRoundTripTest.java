package org.fiberbench.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fiberbench.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real run's results-jmh.json is JMH's own result format, and {@code report --jmh} reads it back
 * into a report with every batch scenario and its score; the scenarios that JMH did not measure
 * (loops, failures) are not in it.
 */
class JmhRoundTripTest {
    static {
        System.setProperty("jmh.ignoreLock", "true"); // other JMH runs may share /tmp/jmh.lock; ours fork their own JVMs
    }

    @TempDir
    Path tmp;

    @Test
    void batchScenariosGoToJmhFormatAndComeBackWithTheirScores() throws Exception {
        Path run = tmp.resolve("run");
        assertEquals(0, Main.execute("run", "-e", "virtual", "-e", "platform:fixed=2", "-w", "noop", "-l", "batch:tasks=10",
                "-l", "closed:users=1,duration=1s", "--warmup", "0", "--iterations", "2", "--time", "200ms", "--out", run.toString()));
        JsonNode results = ResultsSchema.read(run.resolve("results.json")).path("scenarios");
        JsonNode jmh = ResultsSchema.read(run.resolve("results-jmh.json"));
        assertEquals(2, jmh.size(), "the two batch scenarios, not the closed loops");
        for (String key : new String[] {"jmhVersion", "benchmark", "mode", "threads", "forks", "jvm", "jvmArgs", "jdkVersion", "vmName",
                "vmVersion", "warmupIterations", "warmupTime", "warmupBatchSize", "measurementIterations", "measurementTime",
                "measurementBatchSize", "params", "primaryMetric", "secondaryMetrics"}) {
            assertTrue(jmh.get(0).has(key), () -> key + " missing in " + jmh.get(0));
        }
        assertEquals("org.fiberbench.engine.jmh.BatchBenchmark.batch", jmh.get(0).path("benchmark").asText());
        assertEquals("platform:fixed=2", jmh.get(1).path("params").path("executor").asText());
        assertEquals("batch:tasks=10", jmh.get(1).path("params").path("load").asText());
        assertEquals(results.get(0).path("metrics").path("score").asDouble(), jmh.get(0).path("primaryMetric").path("score").asDouble(), 1e-9);

        Path back = tmp.resolve("back");
        CliRun r = CliRun.of("report", "--jmh", run.resolve("results-jmh.json").toString(), "--out", back.toString());
        assertEquals(0, r.status(), r.err());
        JsonNode imported = ResultsSchema.read(back.resolve("results.json")).path("scenarios");
        assertEquals(2, imported.size());
        for (int i = 0; i < 2; i++) {
            JsonNode original = results.get(i);
            JsonNode s = imported.get(i);
            assertEquals(original.path("executor").asText(), s.path("executor").asText());
            assertEquals(original.path("workload").asText(), s.path("workload").asText());
            assertEquals(original.path("load").asText(), s.path("load").asText());
            assertEquals(original.path("metrics").path("score").asDouble(), s.path("metrics").path("score").asDouble(), 1e-9);
            assertEquals(original.path("iterations"), s.path("iterations"));
            assertEquals("executor=" + original.path("executor").asText(), s.path("label").asText());
        }
        String page = Files.readString(back.resolve("report.html"));
        assertTrue(page.contains("\"label\":\"executor=platform:fixed=2\""), "the report's model has the label");
        CliRun cmp = CliRun.of("compare", run.toString(), run.resolve("results-jmh.json").toString());
        assertEquals(0, cmp.status(), cmp.err());
        assertTrue(cmp.out().contains("2 scenario(s) compared"), cmp.out());
    }

    @Test
    void aRunWithoutBatchScenariosWritesAnEmptyArray() throws Exception {
        Path run = tmp.resolve("loops");
        assertEquals(0, Main.execute("run", "-e", "virtual", "-w", "noop", "-l", "closed:users=1,duration=1s",
                "--warmup", "0", "--iterations", "1", "--time", "200ms", "--out", run.toString()));
        assertEquals("[ ]", Files.readString(run.resolve("results-jmh.json")).strip());
    }
}
