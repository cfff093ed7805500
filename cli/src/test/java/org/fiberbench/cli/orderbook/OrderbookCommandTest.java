package org.fiberbench.cli.orderbook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.Map;
import org.fiberbench.result.RunDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The orderbook commands end to end on small files, through their own CommandLine. */
class OrderbookCommandTest extends OrderbookCliTest {
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
    void badNumberPointsToTheFullCommandsHelp() {
        CommandLine cl = org.fiberbench.cli.Main.commandLine();
        cl.setErr(new PrintWriter(err, true));
        assertEquals(2, cl.execute("orderbook", "generate", "--count", "lots", "--out", dir.resolve("x.csv").toString()));
        assertTrue(err.toString().strip().endsWith("(see 'fiberbench orderbook generate --help')"), err.toString());
        assertFalse(Files.exists(dir.resolve("x.csv")));
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
        assertRecordingsHoldNoEnvironmentOrCommandLines(runDir);
    }

    /** The events that copy the environment and command lines (so secrets) are left out of every recording. */
    private static void assertRecordingsHoldNoEnvironmentOrCommandLines(Path runDir) throws Exception {
        List<Path> recordings;
        try (var files = Files.walk(runDir)) {
            recordings = files.filter(f -> f.toString().endsWith(".jfr")).toList();
        }
        assertTrue(!recordings.isEmpty(), "no .jfr under " + runDir);
        for (Path jfr : recordings) {
            Set<String> types = new java.util.HashSet<>();
            for (var event : jdk.jfr.consumer.RecordingFile.readAllEvents(jfr)) {
                types.add(event.getEventType().getName());
            }
            assertTrue(types.contains("jdk.ExecutionSample"), jfr + " holds no samples: " + types);
            for (String leaky : List.of("jdk.InitialEnvironmentVariable", "jdk.SystemProcess", "jdk.ProcessStart")) {
                assertTrue(!types.contains(leaky), jfr + " records " + leaky);
            }
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void throughputOfBothImplsPrintsTheSeedsTableSideBySide() throws Exception {
        Path in = generate(3000);
        Path runDir = dir.resolve("both");
        assertEquals(0, run("throughput", "--input", in.toString(), "--counts", "1000,5000", "--out", runDir.toString()), err.toString());
        List<String> lines = out.toString().lines().toList();
        int head = lines.indexOf(lines.stream().filter(l -> l.contains("naive cmd/s")).findFirst().orElseThrow(() -> new AssertionError(out)));
        assertTrue(lines.get(head).contains("fast cmd/s") && lines.get(head).endsWith("fast/naive"), lines.get(head));
        assertTrue(lines.get(head + 1).matches("\\(default\\)\\s+1000\\s+\\d+\\s+\\d+\\s+[0-9.]+×"), lines.get(head + 1));
        assertTrue(lines.get(head + 2).matches("\\(default\\)\\s+5000\\s+\\d+\\s+\\d+\\s+[0-9.]+×"), "a count beyond the file: "
                + lines.get(head + 2));
        Map<String, Object> json = RunDirectory.read(runDir.resolve("results.json"));
        assertEquals("fiberbench orderbook throughput --input " + in + " --counts 1000,5000 --out " + runDir, json.get("command"));
        List<Map<String, Object>> sc = (List<Map<String, Object>>) json.get("scenarios");
        assertEquals(List.of("naive", "naive", "fast", "fast"), sc.stream().map(s -> s.get("executor")).toList());
        for (Map<String, Object> s : sc) {
            Map<String, Object> m = (Map<String, Object>) s.get("metrics");
            assertEquals(((Number) m.get("repeats")).intValue(), ((List<?>) s.get("iterations")).size(), "a rate per repeat");
            assertEquals("throughput", ((Map<String, Object>) s.get("orderbook")).get("kind"));
        }
        assertEquals(sc.get(0).get("id"), sc.get(2).get("baseline"), "fast is compared with naive at the same count");
    }

    @Test
    void throughputRejectsABadCountAndWritesNothing() {
        Path runDir = dir.resolve("never");
        assertEquals(2, run("throughput", "--input", generate(10).toString(), "--counts", "0", "--out", runDir.toString()));
        assertTrue(err.toString().contains("--counts value 0 must be >= 1"), err.toString());
        assertFalse(Files.exists(runDir));
    }

    @Test
    @SuppressWarnings("unchecked")
    void forkThatCannotStartIsReportedAsAFailureAndExitsOne() throws Exception {
        Path runDir = dir.resolve("bad-jvm");
        assertEquals(1, run("throughput", "--input", generate(100).toString(), "--counts", "100", "--impl", "fast",
                "--jvm-args", "-XX:+NoSuchFiberbenchOption", "--out", runDir.toString()));
        assertTrue(out.toString().contains("FAILED: fork exited with 1"), out.toString());
        Map<String, Object> json = RunDirectory.read(runDir.resolve("results.json"));
        Map<String, Object> sc = ((List<Map<String, Object>>) json.get("scenarios")).get(0);
        assertEquals("failure", sc.get("termination"));
        assertTrue(String.valueOf(sc.get("failure")).contains("NoSuchFiberbenchOption"), sc.toString());
        assertTrue(json.get("finished_at") != null && Files.exists(runDir.resolve("report.html")), "the run is closed with its report");
        assertFalse(String.valueOf(json.get("warnings")).contains("interrupted"), json.get("warnings").toString());
    }

    @Test
    @SuppressWarnings("unchecked")
    void jmhFailureStillClosesTheRunWithItsReport() throws Exception {
        Path runDir = dir.resolve("jmh-fails");
        System.setProperty("jmh.ignoreLock", "true");
        assertEquals(1, org.fiberbench.cli.Main.execute(new java.io.StringWriter(), "orderbook", "micro", "--impl", "fast",
                "--enqueued", "1", "--warmup", "0", "--iterations", "1", "--time", "100ms",
                "--jvm-args", "-XX:+NoSuchFiberbenchOption", "--out", runDir.toString()));
        Map<String, Object> json = RunDirectory.read(runDir.resolve("results.json"));
        assertTrue(String.valueOf(json.get("warnings")).contains("JMH stopped"), json.get("warnings").toString());
        assertFalse(String.valueOf(json.get("warnings")).contains("interrupted"), json.get("warnings").toString());
        assertTrue(json.get("finished_at") != null && Files.exists(runDir.resolve("report.html")), "the run is closed with its report");
    }

    @Test
    void microRejectsBadOptionsAndWritesNothing() {
        Path runDir = dir.resolve("never");
        assertEquals(2, run("micro", "--iterations", "0", "--out", runDir.toString()));
        assertTrue(err.toString().contains("iterations 0 must be >= 1"), err.toString());
        assertFalse(Files.exists(runDir));
    }

    @Test
    @SuppressWarnings("unchecked")
    void latencyRunsEachJvmArgsSetInItsOwnForkAndPrintsTheGcTable() throws Exception {
        Path in = generate(2000);
        Path runDir = dir.resolve("gc");
        assertEquals(0, run("latency", "--input", in.toString(), "--rate", "1000", "--seconds", "1", "--impl", "fast", "--timing", "uniform",
                "--jvm-args", "-XX:+UseSerialGC -Xmx256m", "--jvm-args", "-XX:+UseParallelGC", "--out", runDir.toString()), err.toString());
        List<Map<String, Object>> sc = (List<Map<String, Object>>) RunDirectory.read(runDir.resolve("results.json")).get("scenarios");
        assertEquals(2, sc.size());
        assertEquals(List.of("-XX:+UseSerialGC", "-Xmx256m"), sc.get(0).get("jvm_args"));
        assertTrue(((String) ((Map<String, Object>) sc.get(0).get("config")).get("gc")).contains("MarkSweepCompact"), sc.get(0).toString());
        assertTrue(((String) ((Map<String, Object>) sc.get(1).get("config")).get("gc")).contains("PS MarkSweep"), sc.get(1).toString());
        String text = out.toString();
        assertTrue(text.contains("p99 µs by JVM options"), text);
        assertTrue(text.lines().anyMatch(l -> l.startsWith("-XX:+UseSerialGC -Xmx256m ") && l.matches(".*\\d+\\.\\d\\s*$")), text);
        assertTrue(text.lines().anyMatch(l -> l.startsWith("-XX:+UseParallelGC ") && l.matches(".*\\d+\\.\\d\\s*$")), text);
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
            assertEquals("ms p99", metrics.get("score_unit"));
            Map<String, Object> lat = (Map<String, Object>) s.get("latency");
            Map<String, Object> spectrum = (Map<String, Object>) lat.get("spectrum");
            assertFalse(((List<?>) spectrum.get("corrected")).isEmpty() || ((List<?>) spectrum.get("uncorrected")).isEmpty());
            long inIntervals = ((List<Map<String, Object>>) lat.get("intervals")).stream().mapToLong(i -> ((Number) i.get("count")).longValue()).sum();
            long inBuckets = ((List<Map<String, Object>>) lat.get("buckets")).stream().mapToLong(b -> ((Number) b.get("count")).longValue()).sum();
            assertEquals(2000, inIntervals, "every command in a one-second interval");
            assertEquals(2000, inBuckets, "every command in a bucket");
            assertEquals("latency", ((Map<String, Object>) s.get("orderbook")).get("kind"));
        }
        assertEquals(List.of("naive", "batch", "uniform"), sc.stream().map(s -> ((Map<String, Object>) s.get("orderbook")).get("timing")).toList());
        assertTrue(out.toString().contains("uniform"), out.toString());
        assertTrue(Files.exists(runDir.resolve("report.html")), "latency runs get the report too");
    }

    @Test
    @SuppressWarnings("unchecked")
    void latencyMeasuresTheEmptyBookAsTheLoopsFloor() throws Exception {
        Path in = generate(5_000);
        Path runDir = dir.resolve("floor");
        assertEquals(0, run("latency", "--input", in.toString(), "--rate", "2000", "--seconds", "1", "--impl", "empty,fast",
                "--timing", "uniform", "--out", runDir.toString()), err.toString());
        List<Map<String, Object>> sc = (List<Map<String, Object>>) RunDirectory.read(runDir.resolve("results.json")).get("scenarios");
        assertEquals(List.of("empty", "fast"), sc.stream().map(s -> s.get("executor")).toList());
        for (Map<String, Object> s : sc) {
            assertEquals(2000, ((Number) ((Map<String, Object>) s.get("metrics")).get("completed")).intValue(), s.toString());
        }
        assertTrue(out.toString().lines().anyMatch(l -> l.startsWith("empty  uniform ")), out.toString());
    }

    /** By default the fast book is made with room for the run's peak; {@code --grow} starts it small, as before. */
    @Test
    @SuppressWarnings("unchecked")
    void latencySizesTheFastBookUnlessToldToGrow() throws Exception {
        Path in = generate(5_000);
        for (String how : List.of("sized", "grow")) {
            Path runDir = dir.resolve("room-" + how);
            List<String> args = new java.util.ArrayList<>(List.of("latency", "--input", in.toString(), "--rate", "2000", "--seconds", "1",
                    "--impl", "fast", "--timing", "uniform", "--out", runDir.toString()));
            if (how.equals("grow")) {
                args.add("--grow");
            }
            assertEquals(0, run(args.toArray(String[]::new)), err.toString());
            Map<String, Object> s = ((List<Map<String, Object>>) RunDirectory.read(runDir.resolve("results.json")).get("scenarios")).get(0);
            int room = ((Number) ((Map<String, Object>) s.get("orderbook")).get("presized_orders")).intValue();
            assertTrue(how.equals("grow") ? room == 0 : room > 0, how + ": " + room);
        }
    }

    @Test
    void theEmptyBookIsOnlyForLatency() {
        Path in = generate(10);
        assertEquals(2, run("throughput", "--input", in.toString(), "--impl", "empty", "--out", dir.resolve("t").toString()));
        assertEquals(2, run("replay", "--input", in.toString(), "--impl", "empty", "--events", dir.resolve("e.csv").toString()));
        assertEquals(2, run("micro", "--impl", "fast,empty", "--out", dir.resolve("m").toString()));
        assertEquals(3, err.toString().lines().filter(l -> l.contains("impl 'empty' is only for orderbook latency")).count(),
                err.toString());
        assertFalse(Files.exists(dir.resolve("t")) || Files.exists(dir.resolve("m")) || Files.exists(dir.resolve("e.csv")));
    }

    @Test
    void latencyRejectsUnknownTiming() {
        assertEquals(2, run("latency", "--input", generate(10).toString(), "--timing", "poisson"));
        assertTrue(err.toString().contains("timing 'poisson'"), err.toString());
    }

    @Test
    @SuppressWarnings("unchecked")
    void microRunsJmhWithAllocationPerOp() throws Exception {
        // micro --impl fast --enqueued 10 --forks 1, one iteration of 100 ms: the run ResultsSchemaTest validates too
        org.fiberbench.cli.SharedRuns.Made made = org.fiberbench.cli.SharedRuns.orderbookMicro();
        assertEquals(0, made.code(), made.outcome().err());
        Path runDir = made.dir();
        Map<String, Object> json = RunDirectory.read(runDir.resolve("results.json"));
        List<Map<String, Object>> sc = (List<Map<String, Object>>) json.get("scenarios");
        assertEquals(5, sc.size(), "3 cancel + 2 add benchmarks");
        for (Map<String, Object> s : sc) {
            Map<String, Object> metrics = (Map<String, Object>) s.get("metrics");
            assertTrue(((Number) metrics.get("throughput_ops_s")).doubleValue() > 0);
            assertTrue(metrics.get("alloc_bytes_per_op") instanceof Number, metrics.toString());
            assertEquals("micro", ((Map<String, Object>) s.get("orderbook")).get("kind"));
        }
        assertTrue(Files.readString(runDir.resolve("jmh.log")).contains("Benchmark"), "JMH's own output is kept");
        List<Map<String, Object>> jmh = new com.fasterxml.jackson.databind.ObjectMapper().readValue(
                runDir.resolve("results-jmh.json").toFile(), List.class);
        assertEquals(5, jmh.size(), "every benchmark in JMH's own format too");
        for (int i = 0; i < 5; i++) {
            Map<String, Object> primary = (Map<String, Object>) jmh.get(i).get("primaryMetric");
            assertEquals(((Number) ((Map<String, Object>) sc.get(i).get("metrics")).get("score")).doubleValue(),
                    ((Number) primary.get("score")).doubleValue(), 1e-9);
            assertEquals("fast", ((Map<String, Object>) jmh.get(i).get("params")).get("impl"));
        }
        assertTrue(Files.exists(runDir.resolve("report.html")), "micro runs get the report too");
    }
}
