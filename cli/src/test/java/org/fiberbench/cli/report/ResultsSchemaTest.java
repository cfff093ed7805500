package org.fiberbench.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.fiberbench.cli.Main;
import org.fiberbench.cli.SharedRuns;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.server.BenchServer;
import org.fiberbench.server.ServerOptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The results.json of a real run of every command that writes one validates against
 * docs/results.schema.json, and the schema is no rubber stamp: a document missing a required key,
 * or with a key of the wrong type, fails it. Tiny scale: warm-up-free iterations of at most 300 ms, loops of 1 s; the runs
 * other classes assert on too come from {@link SharedRuns}, made once per test JVM.
 */
class ResultsSchemaTest {
    static {
        System.setProperty("jmh.ignoreLock", "true"); // other JMH runs may share /tmp/jmh.lock; ours fork their own JVMs
    }

    @TempDir
    static Path tmp;

    private static Path loops;

    /** A batch, a closed and an open scenario in one run, with threshold verdicts: the run every schema test below reads. */
    @BeforeAll
    static void runLoops() {
        SharedRuns.Made made = SharedRuns.batchClosedOpen();
        assertEquals(0, made.code(), made.outcome().err());
        loops = made.dir();
    }

    private static void assertValid(Path dir, int scenarios) {
        Path file = dir.resolve("results.json");
        assertEquals(List.of(), ResultsSchema.errors(file), "schema errors in " + file);
        assertEquals(scenarios, ResultsSchema.read(file).path("scenarios").size(), file::toString);
    }

    @Test
    void runWithBatchClosedAndOpenScenariosMatchesTheSchema() {
        assertValid(loops, 3);
        JsonNode s = ResultsSchema.read(loops.resolve("results.json")).path("scenarios");
        assertEquals("closed", s.get(1).path("latency").path("model").asText(), "the closed loop's section was validated");
        assertEquals("open", s.get(2).path("latency").path("model").asText());
        JsonNode verdicts = ResultsSchema.read(loops.resolve("results.json")).path("thresholds");
        assertEquals(2, verdicts.size(), "the run's own threshold verdicts were validated too");
    }

    @Test
    void runOnAProcessPoolMatchesTheSchema() {
        SharedRuns.Made made = SharedRuns.processPool();
        assertEquals(0, made.code(), made.outcome().err());
        assertValid(made.dir(), 2);
    }

    @Test
    void runOfAJdbcScenarioMatchesTheSchema() {
        SharedRuns.Made made = SharedRuns.embeddedH2();
        assertEquals(0, made.code(), made.outcome().err());
        assertValid(made.dir(), 1);
        assertTrue(ResultsSchema.read(made.dir().resolve("results.json")).path("scenarios").get(0).has("database"));
    }

    @Test
    void loadAgainstARealServerMatchesTheSchema() {
        BenchServer server = BenchServer.start(ServerOptions.local(ExecutorSpec.parse("virtual")));
        try {
            Path closed = tmp.resolve("load-closed");
            Path open = tmp.resolve("load-open");
            String url = server.url() + "thread/name";
            assertEquals(0, Main.execute("load", url, "--user", "hello", "--password", "world", "--users", "2", "--duration", "1s",
                    "--out", closed.toString()));
            assertEquals(0, Main.execute("load", url, "--user", "hello", "--password", "world", "--rate", "50", "--duration", "1s",
                    "--out", open.toString()));
            assertValid(closed, 1);
            assertValid(open, 1);
        } finally {
            server.stop(Duration.ofSeconds(2));
        }
    }

    @Test
    void mergedShardsMatchTheSchema() {
        SharedRuns.Made halves = SharedRuns.shardHalves();
        assertEquals(0, halves.code(), halves.outcome().err());
        for (Path half : halves.dirs()) {
            assertValid(half, 2);
        }
        Path merged = tmp.resolve("merged-shards");
        assertEquals(0, Main.execute("merge", halves.dirs().get(0).toString(), halves.dirs().get(1).toString(),
                "--out", merged.toString()));
        assertValid(merged, 4);
        assertEquals("shards", ResultsSchema.read(merged.resolve("results.json")).path("merged").path("kind").asText());
    }

    /** Two generators in this JVM, started together by --start-at against one server, then merged. */
    @Test
    void mergedLoadRunsMatchTheSchema() throws Exception {
        BenchServer server = BenchServer.start(ServerOptions.local(ExecutorSpec.parse("virtual")));
        try {
            String url = server.url() + "thread/name";
            String at = java.time.Instant.now().plusSeconds(3).truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString();
            List<Path> parts = List.of(tmp.resolve("gen-1"), tmp.resolve("gen-2"));
            List<java.util.concurrent.Future<Integer>> codes = new ArrayList<>();
            try (var pool = java.util.concurrent.Executors.newFixedThreadPool(2)) {
                for (Path p : parts) {
                    codes.add(pool.submit(() -> Main.execute("load", url, "--user", "hello", "--password", "world", "--rate", "20",
                            "--duration", "1s", "--start-at", at, "--out", p.toString())));
                }
                for (var c : codes) {
                    assertEquals(0, c.get(60, java.util.concurrent.TimeUnit.SECONDS));
                }
            }
            Path merged = tmp.resolve("merged-load");
            assertEquals(0, Main.execute("merge", parts.get(0).toString(), parts.get(1).toString(), "--out", merged.toString()));
            assertValid(merged, 1);
            JsonNode doc = ResultsSchema.read(merged.resolve("results.json"));
            assertEquals("load", doc.path("merged").path("kind").asText());
            assertEquals(at, doc.path("start_at").asText());
        } finally {
            server.stop(Duration.ofSeconds(2));
        }
    }

    @Test
    void orderbookThroughputAndLatencyMatchTheSchema() {
        Path cmds = tmp.resolve("cmds.csv");
        assertEquals(0, Main.execute("orderbook", "generate", "--count", "20000", "--seed", "1", "--out", cmds.toString()));
        Path throughput = tmp.resolve("ob-throughput");
        Path latency = tmp.resolve("ob-latency");
        assertEquals(0, Main.execute("orderbook", "throughput", "--input", cmds.toString(), "--counts", "10000,20000",
                "--out", throughput.toString()));
        assertEquals(0, Main.execute("orderbook", "latency", "--input", cmds.toString(), "--rate", "1000", "--seconds", "1",
                "--impl", "fast", "--timing", "uniform", "--out", latency.toString()));
        assertValid(throughput, ResultsSchema.read(throughput.resolve("results.json")).path("scenarios").size());
        assertTrue(ResultsSchema.read(throughput.resolve("results.json")).path("scenarios").size() >= 2);
        assertValid(latency, 1);
    }

    @Test
    void orderbookMicroMatchesTheSchema() {
        SharedRuns.Made made = SharedRuns.orderbookMicro();
        assertEquals(0, made.code(), made.outcome().err());
        assertValid(made.dir(), 5);
    }

    @Test
    void reportOfAJmhResultWritesAResultsJsonThatMatchesTheSchema() {
        Path out = tmp.resolve("jmh-import");
        assertEquals(0, Main.execute("report", "--jmh", loops.resolve("results-jmh.json").toString(), "--out", out.toString()));
        assertValid(out, 1);
    }

    @Test
    void aDocumentMissingARequiredKeyOrWithAWrongTypeFails() {
        ObjectNode doc = (ObjectNode) ResultsSchema.read(loops.resolve("results.json"));
        ((ObjectNode) doc.path("scenarios").get(0)).remove("termination");
        assertFalse(ResultsSchema.errors(doc).isEmpty(), "no termination");
        doc = (ObjectNode) ResultsSchema.read(loops.resolve("results.json"));
        ((ObjectNode) doc.path("scenarios").get(0).path("metrics")).put("score", "fast");
        assertFalse(ResultsSchema.errors(doc).isEmpty(), "a metric that is text");
        doc = (ObjectNode) ResultsSchema.read(loops.resolve("results.json"));
        ((ObjectNode) doc.path("scenarios").get(2).path("latency")).remove("corrected");
        assertFalse(ResultsSchema.errors(doc).isEmpty(), "an open loop without its corrected view");
        doc = (ObjectNode) ResultsSchema.read(loops.resolve("results.json"));
        doc.put("format_version", 2);
        assertFalse(ResultsSchema.errors(doc).isEmpty(), "another major version");
    }

    @Test
    void thresholdVerdictsHaveTheirOwnShape() {
        ObjectNode doc = (ObjectNode) ResultsSchema.read(loops.resolve("results.json"));
        ObjectNode verdict = doc.putArray("thresholds").addObject();
        verdict.put("expr", "p99<50ms").put("scenario", "03-x").put("value", 12.5).put("unit", "ms").put("pass", true);
        assertEquals(List.of(), ResultsSchema.errors(doc));
        verdict.putNull("value");
        assertEquals(List.of(), ResultsSchema.errors(doc), "a value that could not be measured is null");
        verdict.put("pass", "yes");
        assertFalse(ResultsSchema.errors(doc).isEmpty(), "pass is a boolean");
        verdict.put("pass", false).remove("unit");
        assertFalse(ResultsSchema.errors(doc).isEmpty(), "unit is required");
    }

    @Test
    void theSchemaIsInTheDocs() {
        assertTrue(Files.isRegularFile(ResultsSchema.FILE));
    }
}
