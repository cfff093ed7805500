package org.fiberbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fiberbench.result.RunDirectory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One small ad-hoc batch run through the CLI, read back several ways: the measurement flags reach
 * JMH and the resolved config, the environment and git commit are recorded, progress goes to
 * stderr with an ETA, the table to stdout with a ratio column, and results.csv has a row per scenario.
 */
class RunOutputTest {
    @TempDir
    static Path tmp;
    static Path out;
    static int code;
    static String stdout;
    static String stderr;
    static Map<String, Object> doc;

    @BeforeAll
    static void runOnce() throws Exception {
        out = tmp.resolve("run");
        CliCapture.Outcome r = CliCapture.run("run", "-e", "platform:fixed=1", "-e", "virtual", "-w", "sleep:ms=5",
                "-l", "batch:tasks=4", "--forks", "2", "--warmup", "1", "--warmup-time", "100ms", "--iterations", "2",
                "--time", "150ms", "--mode", "thrpt", "--out", out.toString());
        code = r.code();
        stdout = r.out();
        stderr = r.err();
        doc = RunDirectory.read(out.resolve("results.json"));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> scenario(int i) {
        return ((List<Map<String, Object>>) doc.get("scenarios")).get(i);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Map<String, Object> m, String key) {
        return (Map<String, Object>) m.get(key);
    }

    @Test
    void measurementFlagsReachJmhAndTheResolvedConfig() throws Exception {
        assertEquals(0, code, stderr);
        Map<String, Object> config = map(scenario(0), "config");
        assertEquals(2, config.get("forks"));
        assertEquals(1, config.get("warmup_iterations"));
        assertEquals(0.1, ((Number) config.get("warmup_time_s")).doubleValue());
        assertEquals(2, config.get("iterations"));
        assertEquals(0.15, ((Number) config.get("time_s")).doubleValue());
        assertEquals("thrpt", config.get("mode"));
        assertEquals(true, config.get("sync_iterations"), "JMH's default, outside the quick threads suite");
        assertEquals("ops/s", map(scenario(0), "metrics").get("score_unit"));
        assertEquals(4, ((List<?>) scenario(0).get("iterations")).size(), "2 forks × 2 iterations, raw values");
        String jmhLog = Files.readString(out.resolve((String) map(scenario(0), "files").get("jmh_log")));
        for (String line : List.of("# Warmup: 1 iterations, 100 ms each", "# Measurement: 2 iterations, 150 ms each",
                "# Benchmark mode: Throughput", "# Fork: 2 of 2", "will synchronize iterations")) {
            assertTrue(jmhLog.contains(line), "JMH ran with '" + line + "'");
        }
    }

    @Test
    void specsAreRecordedInCanonicalForm() {
        assertEquals("platform:fixed=1", scenario(0).get("executor"));
        assertEquals("sleep:ms=5", scenario(0).get("workload"));
        assertEquals("batch:tasks=4", scenario(0).get("load"));
        assertEquals("normal", scenario(1).get("termination"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void environmentAndGitDescribeTheRun() {
        Map<String, Object> env = map(doc, "environment");
        Map<String, Object> jdk = map(env, "jdk");
        assertEquals(System.getProperty("java.version"), jdk.get("version"));
        assertNotNull(jdk.get("vendor"));
        assertTrue(jdk.get("input_arguments") instanceof List);
        assertTrue(!((List<String>) env.get("gc")).isEmpty());
        assertEquals(Runtime.getRuntime().availableProcessors(), map(env, "cpu").get("count"));
        assertNotNull(map(env, "cpu").get("model"));
        assertTrue(((Number) env.get("memory_bytes")).longValue() > 0);
        assertEquals(System.getProperty("os.name"), map(env, "os").get("name"));
        assertTrue(env.get("load_average_before") instanceof Number);
        assertTrue(env.get("load_average_after") instanceof Number, "captured at the end too");
        assertTrue(env.get("cpu_busy_before_pct") instanceof Number);
        Map<String, Object> git = map(doc, "git");
        assertTrue(String.valueOf(git.get("commit")).matches("[0-9a-f]{40}"), "commit of this checkout: " + git);
        assertTrue(git.get("dirty") instanceof Boolean, "dirty flag: " + git);
        assertEquals(1, doc.get("format_version"));
    }

    @Test
    void progressGoesToStderrWithElapsedAndEta() {
        assertTrue(stderr.lines().anyMatch(l -> l.matches("\\[1/2\\] platform:fixed=1 × sleep:ms=5 × batch:tasks=4"
                + "  elapsed \\d+:\\d\\d  ETA \\d+:\\d\\d")), stderr);
        assertTrue(stderr.lines().anyMatch(l -> l.startsWith("[2/2] virtual × ")), stderr);
        assertTrue(!stdout.contains("[1/2]"), "progress stays off stdout");
    }

    @Test
    void tableShowsScoreErrorUnitAndRatioToTheFirstExecutor() {
        List<String> lines = stdout.lines().toList();
        int head = lines.indexOf("sleep:ms=5 × batch:tasks=4");
        assertTrue(head >= 0, stdout);
        assertTrue(lines.get(head + 1).matches("\\s+executor\\s+score\\s+error\\s+unit\\s+ratio\\s+notes"), lines.get(head + 1));
        assertTrue(lines.get(head + 2).matches("\\s+platform:fixed=1\\s+[0-9.]+\\s+±\\s+[0-9.]+\\s+ops/s\\s+1\\.00 \\(baseline\\).*"),
                lines.get(head + 2));
        assertTrue(lines.get(head + 3).matches("\\s+virtual\\s+[0-9.]+\\s+±\\s+[0-9.]+\\s+ops/s\\s+[0-9.]+ (\\*|\\(n\\.s\\.\\)).*"),
                lines.get(head + 3));
        assertTrue(stdout.contains("results: " + out.resolve("results.json")));
    }

    @Test
    void resultsCsvHasAHeaderAndOneRowPerScenario() throws Exception {
        List<String> csv = Files.readAllLines(out.resolve("results.csv"));
        assertEquals(3, csv.size(), String.join("\n", csv));
        assertTrue(csv.get(0).startsWith("id,executor,workload,load,termination,score,score_error,score_unit"));
        assertTrue(csv.get(1).contains(",platform:fixed=1,sleep:ms=5,batch:tasks=4,normal,"), csv.get(1));
        assertTrue(csv.get(2).contains(",virtual,sleep:ms=5,batch:tasks=4,normal,"), csv.get(2));
    }
}
