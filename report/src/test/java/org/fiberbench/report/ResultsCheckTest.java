package org.fiberbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report refuses a results.json with a key of the wrong type, naming the file and the key's
 * path, and writes nothing; the writer's own nulls and non-finite numbers stay readable.
 */
class ResultsCheckTest {
    @TempDir
    Path dir;

    /** A crafted run with every section, edited, written to disk; returns its results.json. */
    private Path run(Consumer<ObjectNode> edit) {
        ObjectNode run = CraftedRun.run(3, 5);
        edit.accept(run);
        Path file = dir.resolve("results.json");
        Json.writePretty(file, run);
        return file;
    }

    private static ObjectNode scenario(ObjectNode run, int i) {
        return (ObjectNode) run.path("scenarios").get(i);
    }

    private String refused(Path file) throws Exception {
        InputException e = assertThrows(InputException.class, () -> ReportWriter.write(dir));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(file), files.toList(), "nothing written beside results.json");
        }
        return e.getMessage();
    }

    @Test
    void aStringMetricIsNamedByItsPath() throws Exception {
        Path file = run(r -> ((ObjectNode) scenario(r, 2).path("metrics")).put("score_ms_per_op", "fast"));
        assertEquals(file + ": scenarios[2].metrics.score_ms_per_op is a string (\"fast\"), expected a number or null", refused(file));
    }

    @Test
    void aDocumentWithoutFormatVersionIsNotAResultsJson() throws Exception {
        Path file = run(r -> r.remove("format_version"));
        assertEquals(file + ": format_version is missing, expected 1 (this fiberbench reads results.json format 1)", refused(file));
    }

    @Test
    void anUnknownMajorFormatVersionIsRefused() throws Exception {
        Path file = run(r -> r.put("format_version", 2));
        assertEquals(file + ": format_version is 2, expected 1 (this fiberbench reads results.json format 1)", refused(file));
    }

    @Test
    void aMinorFormatVersionIsRead() {
        run(r -> r.put("format_version", 1.1));
        assertTrue(Files.exists(ReportWriter.write(dir)));
    }

    @Test
    void scenariosMustBeAnArray() throws Exception {
        Path file = run(r -> r.putObject("scenarios"));
        assertEquals(file + ": scenarios is an object, expected an array", refused(file));
    }

    @Test
    void aScenarioNeedsItsSpecsAndTermination() throws Exception {
        Path file = run(r -> scenario(r, 1).put("executor", 7));
        assertEquals(file + ": scenarios[1].executor is a number (7), expected a string", refused(file));
        run(r -> scenario(r, 0).put("termination", "ok"));
        assertEquals(file + ": scenarios[0].termination is a string (\"ok\"), expected \"normal\", \"failure\" or \"interrupted\"",
                refused(file));
    }

    @Test
    void aSectionOfTheWrongTypeIsNamed() throws Exception {
        Path file = run(r -> ((ObjectNode) scenario(r, 0).path("resources")).put("timeline", "none"));
        assertEquals(file + ": scenarios[0].resources.timeline is a string (\"none\"), expected an array or null", refused(file));
        run(r -> ((ObjectNode) r.path("environment").path("cpu")).put("count", "two"));
        assertEquals(file + ": environment.cpu.count is a string (\"two\"), expected a number or null", refused(file));
    }

    @Test
    void aKeyThatIsNoIdentifierIsQuoted() throws Exception {
        Path file = run(r -> ((ObjectNode) scenario(r, 0).path("workers").path("by_worker")).put("worker-0", 3));
        assertEquals(file + ": scenarios[0].workers.by_worker[\"worker-0\"] is a number (3), expected an object", refused(file));
    }

    @Test
    void anIterationMustBeANumber() throws Exception {
        Path file = run(r -> scenario(r, 1).withArray("iterations").set(0, Json.NODES.textNode("1,5")));
        assertEquals(file + ": scenarios[1].iterations[0] is a string (\"1,5\"), expected a number", refused(file));
    }

    @Test
    void theWritersNullsAndNonFiniteNumbersAreRead() {
        run(r -> {
            ObjectNode m = (ObjectNode) scenario(r, 0).path("metrics");
            m.putNull("score_error").put("throughput_per_cpu_s", "Infinity").put("ms_per_task", "NaN")
                    .put("speedup_missing", "inline baseline failure").put("warning", "rate not achieved");
            scenario(r, 1).putNull("baseline").putNull("failure").putNull("latency");
            ((ObjectNode) scenario(r, 2).path("files")).putNull("jfr");
            r.putNull("finished_at");
        });
        assertTrue(Files.exists(ReportWriter.write(dir)));
    }

    @Test
    void aJmhRowWithATextScoreIsNamedInTheJmhFile() throws Exception {
        Path result = dir.resolve("jmh.json");
        Files.writeString(result, "[{\"benchmark\":\"a.B.c\",\"primaryMetric\":{\"score\":\"fast\",\"scoreUnit\":\"ops/s\"}}]");
        InputException e = assertThrows(InputException.class, () -> JmhImport.importRun(result, dir.resolve("out")));
        assertEquals(result + ": [0].primaryMetric.score is a string (\"fast\"), expected a number", e.getMessage());
        assertTrue(Files.notExists(dir.resolve("out")), "nothing imported");
    }
}
