package org.fiberbench.cli.orderbook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fiberbench.result.RunDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The orderbook commands end to end on small files, through their own CommandLine. */
class OrderbookCommandTest {
    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cl = new CommandLine(new OrderbookCommand());
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    private Path generate(int count) {
        Path f = dir.resolve("cmds-" + count + ".csv");
        assertEquals(0, run("generate", "--count", "" + count, "--seed", "9", "--out", f.toString()), err.toString());
        return f;
    }

    @Test
    void generateIsDeterministic() throws Exception {
        Path a = generate(500);
        Path b = dir.resolve("again.csv");
        assertEquals(0, run("generate", "--count", "500", "--seed", "9", "--out", b.toString()));
        assertEquals(Files.readString(a), Files.readString(b));
        assertEquals(500, Files.readAllLines(a).size());
    }

    @Test
    void replayWritesOneLinePerEventAndBothImplsAgree() throws Exception {
        Path in = generate(3000);
        Path fast = dir.resolve("fast.csv");
        Path naive = dir.resolve("naive.csv");
        assertEquals(0, run("replay", "--input", in.toString(), "--impl", "fast", "--events", fast.toString()));
        assertEquals(0, run("replay", "--input", in.toString(), "--impl", "naive", "--events", naive.toString()));
        assertEquals(Files.readString(naive), Files.readString(fast));
        assertTrue(Files.readString(fast).contains("EXECUTED,"));
    }

    @Test
    void replayOfHandWrittenFileGivesTheIssueFormat() throws Exception {
        Path in = dir.resolve("in.csv");
        Files.writeString(in, "# two orders\nA,1,S,10.5,3\nA,2,B,11,5\nC,2\nC,2\nA,1,B,1,1\n");
        Path ev = dir.resolve("ev.csv");
        assertEquals(0, run("replay", "--input", in.toString(), "--events", ev.toString()));
        assertEquals(List.of("ADDED,1", "EXECUTED,2,1,10.50,3", "ADDED,2", "CANCELED,2", "CANCEL_REJECTED,2",
                "REJECTED,1,duplicate-id"), Files.readAllLines(ev));
    }

    @Test
    void malformedLineExitsTwoNamingTheLineAndWritesNothing() throws Exception {
        Path in = dir.resolve("bad.csv");
        Files.writeString(in, "A,1,S,10.00,1\n# fine\nA,2,B,10.001,1\n");
        Path ev = dir.resolve("ev.csv");
        assertEquals(2, run("replay", "--input", in.toString(), "--events", ev.toString()));
        assertTrue(err.toString().contains("line 3"), err.toString());
        assertEquals(1, err.toString().strip().lines().count(), "one line: " + err);
        assertFalse(Files.exists(ev));
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count(), "no temp file left behind");
        }
    }

    @Test
    void unknownImplExitsTwo() {
        assertEquals(2, run("replay", "--input", generate(10).toString(), "--impl", "slow", "--events",
                dir.resolve("e.csv").toString()));
        assertTrue(err.toString().contains("impl 'slow'"), err.toString());
    }

    @Test
    void missingInputExitsTwo() {
        assertEquals(2, run("replay", "--input", dir.resolve("nope.csv").toString(), "--events",
                dir.resolve("e.csv").toString()));
    }

    @Test
    @SuppressWarnings("unchecked")
    void throughputWritesTheTableAndARunDirectoryWithJfrSummary() throws Exception {
        Path in = generate(20_000);
        Path runDir = dir.resolve("thr");
        assertEquals(0, run("throughput", "--input", in.toString(), "--counts", "10000,30000", "--impl", "fast",
                "--jfr", "--out", runDir.toString()), err.toString());
        assertTrue(out.toString().contains("commands/s"), out.toString());
        Map<String, Object> json = RunDirectory.read(runDir.resolve("results.json"));
        List<Map<String, Object>> sc = (List<Map<String, Object>>) json.get("scenarios");
        assertEquals(2, sc.size());
        Map<String, Object> metrics = (Map<String, Object>) sc.get(0).get("metrics");
        assertTrue(((Number) metrics.get("throughput_ops_s")).doubleValue() > 0);
        assertTrue(sc.get(1).containsKey("jfr") || ((Map<?, ?>) sc.get(1).get("files")).containsKey("jfr_summary"),
                sc.get(1).toString());
        assertTrue(out.toString().contains("Hot methods"), out.toString());
        assertTrue(Files.exists(runDir.resolve("report.html")), "orderbook runs get the report too");
    }

    @Test
    @SuppressWarnings("unchecked")
    void latencyRunsEveryTimingAndWritesHgrmFiles() throws Exception {
        Path in = generate(5_000);
        Path runDir = dir.resolve("lat");
        assertEquals(0, run("latency", "--input", in.toString(), "--rate", "2000", "--seconds", "1", "--impl", "fast",
                "--out", runDir.toString()), err.toString());
        Map<String, Object> json = RunDirectory.read(runDir.resolve("results.json"));
        List<Map<String, Object>> sc = (List<Map<String, Object>>) json.get("scenarios");
        assertEquals(3, sc.size());
        for (Map<String, Object> s : sc) {
            Map<String, Object> files = (Map<String, Object>) s.get("files");
            assertTrue(Files.size(runDir.resolve((String) files.get("hgrm"))) > 0);
            Map<String, Object> metrics = (Map<String, Object>) s.get("metrics");
            assertEquals(2000, ((Number) metrics.get("completed")).intValue());
        }
        assertTrue(out.toString().contains("uniform"), out.toString());
    }

    @Test
    void latencyRejectsUnknownTiming() {
        assertEquals(2, run("latency", "--input", generate(10).toString(), "--timing", "poisson"));
        assertTrue(err.toString().contains("timing 'poisson'"), err.toString());
    }

    @Test
    @SuppressWarnings("unchecked")
    void microRunsJmhWithAllocationPerOp() throws Exception {
        Path runDir = dir.resolve("micro");
        // a functional check, not a measurement: do not fail because another JMH run holds the machine-wide lock
        System.setProperty("jmh.ignoreLock", "true");
        assertEquals(0, run("micro", "--impl", "fast", "--enqueued", "10", "--forks", "1", "--warmup", "0",
                "--iterations", "1", "--time", "100ms", "--out", runDir.toString()), err.toString());
        Map<String, Object> json = RunDirectory.read(runDir.resolve("results.json"));
        List<Map<String, Object>> sc = (List<Map<String, Object>>) json.get("scenarios");
        assertEquals(5, sc.size(), "3 cancel + 2 add benchmarks");
        for (Map<String, Object> s : sc) {
            Map<String, Object> metrics = (Map<String, Object>) s.get("metrics");
            assertTrue(((Number) metrics.get("throughput_ops_s")).doubleValue() > 0);
            assertTrue(metrics.get("alloc_bytes_per_op") instanceof Number, metrics.toString());
        }
    }
}
