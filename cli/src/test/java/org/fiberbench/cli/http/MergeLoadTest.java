package org.fiberbench.cli.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.fiberbench.cli.Main;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.server.BenchServer;
import org.fiberbench.server.ServerOptions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two open-loop generators in two JVMs, started together with {@code load --start-at} against one
 * server on loopback, merged: the merged percentiles are those of the two runs' histograms added
 * (checked with HdrHistogram's own reader and {@code add}), and the throughputs are summed.
 */
class MergeLoadTest {
    @TempDir
    Path tmp;
    private BenchServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(Duration.ofSeconds(2));
        }
    }

    @Test
    void twoSimultaneousGeneratorsMergeIntoTheirAddedHistogramsAndSummedThroughput() throws Exception {
        server = BenchServer.start(ServerOptions.local(ExecutorSpec.parse("virtual")));
        String url = server.url() + "thread/benchmark?ms=5";
        // far enough ahead for two JVMs to start, probe the server and capture their environment
        String at = Instant.now().plusSeconds(10).truncatedTo(ChronoUnit.SECONDS).toString();
        Path a = tmp.resolve("gen-a");
        Path b = tmp.resolve("gen-b");
        try (CliProcess pa = generator(a, url, at); CliProcess pb = generator(b, url, at)) {
            int ca = pa.awaitExit(60);
            int cb = pb.awaitExit(60);
            assertEquals(0, ca, pa.output());
            assertEquals(0, cb, pb.output());
        }
        Path merged = tmp.resolve("merged");
        assertEquals(0, Main.execute("merge", a.toString(), b.toString(), "--out", merged.toString()));

        Map<String, Object> ma = metrics(a);
        Map<String, Object> mb = metrics(b);
        Map<String, Object> m = metrics(merged);
        assertEquals(num(ma, "throughput_ops_s") + num(mb, "throughput_ops_s"), num(m, "throughput_ops_s"), 1e-9);
        assertEquals(num(ma, "completed") + num(mb, "completed"), num(m, "completed"), 0);
        assertTrue(num(ma, "completed") >= 80 && num(mb, "completed") >= 80, "each generator ran its 2 s at 50/s: " + ma + mb);

        Histogram added = measured(a, ".hlog");
        added.add(measured(b, ".hlog"));
        assertEquals(added.getValueAtPercentile(99), num(m, "latency_p99_ns"), 0, "merged p99 is the added histogram's");
        assertEquals(added.getValueAtPercentile(50), num(m, "latency_p50_ns"), 0);
        assertEquals(added.getMaxValue(), num(m, "latency_max_ns"), 0);
        assertEquals(measured(a, ".hlog").getValueAtPercentile(99), num(ma, "latency_p99_ns"), 0,
                "a generator's interval log holds exactly what its totals hold");
        Histogram service = measured(a, "-service.hlog");
        service.add(measured(b, "-service.hlog"));
        assertEquals(service.getValueAtPercentile(99), num(m, "service_p99_ns"), 0);
        Histogram mergedLog = measured(merged, ".hlog");
        assertEquals(added.getTotalCount(), mergedLog.getTotalCount(), "the merged .hlog is the intervals added");
        assertEquals(added.getValueAtPercentile(99), mergedLog.getValueAtPercentile(99));

        Map<String, Object> doc = RunDirectory.read(merged.resolve("results.json"));
        assertEquals(at, doc.get("start_at"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> parts = (List<Map<String, Object>>) ((Map<String, Object>) doc.get("merged")).get("parts");
        assertEquals(List.of(a.toString(), b.toString()), parts.stream().map(p -> p.get("path")).toList());
        assertTrue(parts.stream().allMatch(p -> p.get("hostname") != null), parts::toString);
        assertTrue(Files.isRegularFile(merged.resolve("report.html")));
    }

    @Test
    void aStartTimeInThePastIsRefusedInOneLineAndNothingIsWritten() {
        StringWriter err = new StringWriter();
        Path out = tmp.resolve("late");
        String past = Instant.now().minusSeconds(30).truncatedTo(ChronoUnit.SECONDS).toString();
        int code = Main.execute(err, "load", "http://127.0.0.1:9/", "--rate", "10", "--duration", "1s", "--start-at", past,
                "--out", out.toString());
        assertEquals(2, code);
        assertEquals(1, err.toString().strip().lines().count(), err.toString());
        assertTrue(err.toString().contains("--start-at " + past + " is") && err.toString().contains("in the past"), err.toString());
        assertTrue(!Files.exists(out));
        StringWriter far = new StringWriter();
        assertEquals(2, Main.execute(far, "load", "http://127.0.0.1:9/", "--rate", "10", "--duration", "1s", "--start-at",
                Instant.now().plus(Duration.ofHours(25)).toString()));
        assertTrue(far.toString().contains("more than 24 h ahead"), far.toString());
        StringWriter bad = new StringWriter();
        assertEquals(2, Main.execute(bad, "load", "http://127.0.0.1:9/", "--rate", "10", "--duration", "1s", "--start-at", "soon"));
        assertTrue(bad.toString().contains("--start-at 'soon' is not a time"), bad.toString());
    }

    private static CliProcess generator(Path out, String url, String at) throws Exception {
        Files.createDirectories(out.getParent());
        return CliProcess.start(out.resolveSibling(out.getFileName() + ".log"), "load", url, "--user", "hello", "--password",
                "world", "--rate", "50", "--duration", "2s", "--start-at", at, "--out", out.toString());
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> metrics(Path run) throws Exception {
        Map<String, Object> doc = RunDirectory.read(run.resolve("results.json"));
        return (Map<String, Object>) ((List<Map<String, Object>>) doc.get("scenarios")).get(0).get("metrics");
    }

    private static double num(Map<String, Object> m, String key) {
        return ((Number) m.get(key)).doubleValue();
    }

    /** The sum of a run's intervals not tagged warm-up, read with HdrHistogram's own log reader. */
    private static Histogram measured(Path run, String suffix) throws Exception {
        Path log;
        try (var files = Files.list(run.resolve("scenarios"))) {
            log = files.filter(f -> f.getFileName().toString().endsWith(suffix)
                    && (suffix.equals("-service.hlog") || !f.getFileName().toString().endsWith("-service.hlog")))
                    .findFirst().orElseThrow();
        }
        Histogram total = new Histogram(3);
        HistogramLogReader reader = new HistogramLogReader(log.toFile());
        try {
            for (EncodableHistogram h; (h = reader.nextIntervalHistogram()) != null; ) {
                if (!"warmup".equals(h.getTag())) {
                    total.add((Histogram) h);
                }
            }
        } finally {
            reader.close();
        }
        return total;
    }
}
