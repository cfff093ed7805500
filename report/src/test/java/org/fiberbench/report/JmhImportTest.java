package org.fiberbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JmhImportTest {
    @TempDir
    Path dir;
    Path result;

    @BeforeEach
    void copyFixture() throws Exception {
        result = dir.resolve("jmh-result.json");
        try (InputStream in = getClass().getResourceAsStream("jmh-result.json")) {
            Files.copy(in, result);
        }
    }

    private JsonNode imported() {
        return JmhImport.toResults(Json.read(result), result);
    }

    @Test
    void everyBenchmarkRowBecomesAScenario() {
        JsonNode s = imported().path("scenarios");
        assertEquals(3, s.size());
        assertEquals("01-spawnbench-spawn-tasks-1000", s.get(0).path("id").asText());
        assertEquals("platform:fixed=4", s.get(0).path("executor").asText());
        assertEquals("jmh:threads=2", s.get(2).path("executor").asText());
        assertEquals("QueueBench.offer:size=64", s.get(2).path("workload").asText());
        assertEquals("jmh:mode=sample", s.get(2).path("load").asText());
    }

    @Test
    void rawDataOfAllForksBecomesIterations() {
        assertEquals("[19.0,20.0,21.0,19.5,20.0,20.5]", imported().path("scenarios").get(0).path("iterations").toString());
    }

    @Test
    void scoreAndSecondaryMetricsKeepTheirUnits() {
        JsonNode m = imported().path("scenarios").get(0).path("metrics");
        assertEquals(20.0, m.path("score").asDouble());
        assertEquals(1.5, m.path("score_error").asDouble());
        assertEquals("ms/op", m.path("score_unit").asText());
        assertEquals(1024.5, m.path("gc_alloc_rate_norm_b_per_op").asDouble());
    }

    @Test
    void sameBenchmarkWithOtherExecutorsFormsAGroupWithRatio() {
        JsonNode model = ReportModel.build(imported(), dir, dir);
        JsonNode ratio = model.path("summary").get(1).path("ratio");
        assertEquals(0.5, ratio.path("value").asDouble(), 1e-9);
        assertTrue(ratio.path("significant").asBoolean());
    }

    @Test
    void sampleModePercentilesBecomeASpectrumInNanoseconds() {
        JsonNode lat = imported().path("scenarios").get(2).path("latency");
        assertEquals(400.0, lat.path("uncorrected").path("p99_ns").asDouble(), 1e-9);
        assertEquals(1200.0, lat.path("uncorrected").path("p99_9_ns").asDouble(), 1e-9);
        assertEquals(10, lat.path("spectrum").path("uncorrected").size());
    }

    @Test
    void importWritesResultsAndReportBesideTheFile() {
        Path report = JmhImport.importRun(result, null);
        assertEquals(dir.resolve("jmh-result-report/report.html").toAbsolutePath(), report);
        assertTrue(Files.exists(dir.resolve("jmh-result-report/results.json")));
    }

    @Test
    void compareAcceptsJmhResultFiles() {
        assertEquals(3, Compare.of(result, result).rows().size());
    }

    @Test
    void rejectsAnObjectThatIsNotAJmhResult() throws Exception {
        Files.writeString(result, "{\"benchmark\": 1}");
        InputException e = assertThrows(InputException.class, () -> JmhImport.importRun(result, null));
        assertTrue(e.getMessage().contains("not a JMH JSON result"), e.getMessage());
    }

    /** A real JMH result ({@code fiberbench jmh BatchBenchmark -p load=batch:tasks=10,batch:tasks=100 -rf json}). */
    private JsonNode twoParams() throws Exception {
        Path file = dir.resolve("jmh-two-params.json");
        try (InputStream in = getClass().getResourceAsStream("jmh-two-params.json")) {
            Files.copy(in, file);
        }
        return JmhImport.toResults(Json.read(file), file);
    }

    @Test
    void rowsDifferingInOneParamAreLabelledByThatParam() throws Exception {
        JsonNode run = twoParams();
        JsonNode s = run.path("scenarios");
        assertEquals("virtual", s.get(0).path("executor").asText());
        assertEquals("virtual", s.get(1).path("executor").asText());
        assertEquals("load=batch:tasks=10", s.get(0).path("label").asText());
        assertEquals("load=batch:tasks=100", s.get(1).path("label").asText());
        JsonNode summary = ReportModel.build(run, dir, dir).path("summary");
        assertEquals("load=batch:tasks=10", summary.get(0).path("label").asText(), "the chart's label");
        assertEquals("load=batch:tasks=100", summary.get(1).path("label").asText());
    }

    @Test
    void rowsOfSeveralMethodsAreLabelledByMethodAndTheParamsThatDiffer() {
        JsonNode s = imported().path("scenarios");
        assertEquals("SpawnBench.spawn executor=platform:fixed=4,tasks=1000", s.get(0).path("label").asText());
        assertEquals("SpawnBench.spawn executor=virtual,tasks=1000", s.get(1).path("label").asText());
        assertEquals("QueueBench.offer size=64", s.get(2).path("label").asText());
    }

    @Test
    void averageTimeIterationsAreIterationScoresNotALatencyDistribution() throws Exception {
        JsonNode s = twoParams().path("scenarios").get(0);
        assertTrue(s.path("latency").isMissingNode(), () -> "avgt has no latency percentiles: " + s.path("latency"));
        assertEquals(3, s.path("iterations").size());
        assertEquals(501.7814210526316, s.path("iterations").get(0).asDouble(), 1e-9);
        assertEquals("us/op", s.path("metrics").path("score_unit").asText());
    }
}
