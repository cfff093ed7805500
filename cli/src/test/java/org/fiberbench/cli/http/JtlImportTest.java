package org.fiberbench.cli.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fiberbench.cli.Main;
import org.fiberbench.cli.jmeter.StockJMeter;
import org.fiberbench.cli.report.ResultsSchema;
import org.fiberbench.http.Buckets;
import org.fiberbench.server.ServerMain;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stock JMeter (its own launcher and Maven jars, no fiberbench code) runs a hand-written closed plan
 * against {@code fiberbench serve} on loopback (a JVM of its own); {@code import jtl} turns its JTL into a run directory whose
 * figures agree with JMeter's own summary and with Little's law. One JMeter run serves every test.
 */
class JtlImportTest {
    private static final int USERS = 10;
    private static final int DELAY_MS = 200;
    private static final ObjectMapper JSON = new ObjectMapper();
    @TempDir
    static Path tmp;
    private static CliProcess serve;
    private static String base;
    private static StockJMeter jmeter;
    private static Path jtl;
    private static StockJMeter.Run run;
    private static Path imported;

    @BeforeAll
    static void runStockJMeterAndImport() throws Exception {
        serve = CliProcess.start(tmp.resolve("serve.log"), "serve", "-e", "virtual", "--port", "0", "--no-auth");
        String ready = serve.awaitLine(ServerMain.READY_PREFIX);
        assertNotNull(ready, serve.output());
        base = ready.substring(ServerMain.READY_PREFIX.length()).split(" ")[0];
        jmeter = StockJMeter.in(tmp);
        java.net.URI url = java.net.URI.create(base);
        Path plan = StockJMeter.plan("closed-get.jmx", Map.of("USERS", "" + USERS, "SECONDS", "3", "HOST", "127.0.0.1",
                "PORT", "" + url.getPort(), "PATH", "/thread/benchmark?ms=" + DELAY_MS), tmp.resolve("plan.jmx"));
        jtl = tmp.resolve("out.jtl");
        run = jmeter.run(plan, jtl, Duration.ofSeconds(90));
        assertEquals(0, run.exit(), run.output());
        imported = tmp.resolve("imported");
        assertEquals(0, Main.execute("import", "jtl", jtl.toString(), "--out", imported.toString()));
    }

    @AfterAll
    static void stop() throws InterruptedException {
        if (serve != null) {
            serve.close();
        }
    }

    @Test
    void stockJMeterRunImportsWithLittlesLawThroughputAndJMetersOwnCount() throws Exception {
        assertEquals(List.of(), ResultsSchema.errors(imported.resolve("results.json")));
        JsonNode s = scenario(imported);
        JsonNode m = s.path("metrics");
        long rows = Files.lines(jtl).count() - 1;
        assertEquals(rows, m.path("requests_sent").asLong(), "every JTL row is a sample");
        assertEquals(rows, m.path("completed").asLong(), "no errors against a healthy server");
        assertEquals(0, m.path("errors").asLong());
        Matcher summary = Pattern.compile("summary =\\s+(\\d+) in .*? =\\s+([0-9.]+)/s").matcher(run.output());
        assertTrue(summary.find(), run.output());
        assertEquals(Long.parseLong(summary.group(1)), rows, "JMeter's own summary counted the same samples");
        // Little's law for a closed loop without think time: throughput = users / mean response time; at most
        // users / the endpoint's delay (50 req/s). A busy 2-core box stretches the response time, not the law.
        double tp = m.path("throughput_ops_s").asDouble();
        double little = USERS / (m.path("service_mean_ns").asDouble() / 1e9);
        assertTrue(tp > 0.8 * little && tp < 1.1 * little, "throughput " + tp + " vs Little's law " + little);
        assertTrue(tp < 1.05 * USERS / (DELAY_MS / 1000.0), "no more than the endpoint's delay allows: " + tp);
        // JMeter's summary divides the same count by its summariser's clock, which starts before the first
        // send (thread start-up): its rate can only read lower than the one over first send to last answer
        double jmeterRate = Double.parseDouble(summary.group(2));
        assertTrue(tp >= 0.97 * jmeterRate, "JMeter's own summary rate " + jmeterRate + " vs " + tp);
        assertTrue(m.path("service_p50_ns").asLong() >= DELAY_MS * 1_000_000L, "no answer before the endpoint's delay: " + m);
        assertTrue(m.path("service_p50_ns").asLong() < 2 * DELAY_MS * 1_000_000L, m.toString());
        assertEquals("jmeter", s.path("executor").asText());
        assertEquals("http:url=" + base + "thread/benchmark?ms=" + DELAY_MS, s.path("workload").asText());
        assertEquals("closed:users=" + USERS + ",duration=3s", s.path("load").asText());
    }

    @Test
    void correctedViewIsAbsentWithItsReasonAndServiceTimeIsKept() throws Exception {
        JsonNode s = scenario(imported);
        JsonNode lat = s.path("latency");
        assertTrue(s.path("metrics").path("latency_p99_ns").isNull(), "no corrected figure is made up");
        assertTrue(lat.path("corrected").path("p99_ns").isNull());
        assertTrue(lat.path("corrected_absent").asText().contains("actually sent"), lat.path("corrected_absent").asText());
        assertFalse(lat.path("spectrum").has("corrected"));
        assertTrue(lat.path("spectrum").path("uncorrected").size() > 0);
        assertEquals(s.path("metrics").path("service_p99_ns").asLong(), lat.path("uncorrected").path("p99_ns").asLong());
        JsonNode intervals = lat.path("intervals");
        assertTrue(intervals.size() >= 3 && intervals.size() <= 5, "about 3 one-second intervals: " + intervals.size());
        long sum = 0;
        for (JsonNode iv : intervals) {
            sum += iv.path("count").asLong();
        }
        assertEquals(s.path("metrics").path("completed").asLong(), sum, "the intervals hold every sample");
        Path hlog = imported.resolve(s.path("files").path("hlog_service").asText());
        assertEquals(sum, Buckets.measuredFromHlog(hlog).getTotalCount(), "the interval log holds every sample");
        String report = Files.readString(imported.resolve("report.html"));
        assertTrue(report.contains("corrected_absent"), "the report carries the reason");
    }

    @Test
    void headerlessJtlImportsTheSameAsWithItsHeader() throws Exception {
        List<String> lines = Files.readAllLines(jtl);
        Path bare = Files.write(tmp.resolve("bare.jtl"), lines.subList(1, lines.size()));
        Path out = tmp.resolve("bare-run");
        assertEquals(0, Main.execute("import", "jtl", bare.toString(), "--out", out.toString()));
        JsonNode a = scenario(imported).path("metrics");
        JsonNode b = scenario(out).path("metrics");
        for (String k : List.of("completed", "throughput_ops_s", "service_p50_ns", "service_p99_ns")) {
            assertEquals(a.path(k).asDouble(), b.path(k).asDouble(), 0, k);
        }
    }

    @Test
    void badRowIsOneLineNamingFileRowAndValueWithExit2() throws Exception {
        List<String> lines = Files.readAllLines(jtl);
        String good = lines.get(1);
        Path bad = Files.write(tmp.resolve("bad.jtl"), List.of(lines.get(0), good, "17000x0000," + good.substring(good.indexOf(',') + 1)));
        assertUsageError(bad, "row 3", "17000x0000");
        Path cut = Files.write(tmp.resolve("cut.jtl"), List.of(lines.get(0), good, good.substring(0, good.lastIndexOf(','))));
        assertUsageError(cut, "row 3", "16 columns, expected 17");
        Path elapsed = Files.write(tmp.resolve("elapsed.jtl"), List.of(lines.get(0), good.replaceFirst(",\\d+,", ",-5,")));
        assertUsageError(elapsed, "row 2", "elapsed '-5'");
        assertUsageError(Files.writeString(tmp.resolve("empty.jtl"), ""), "empty.jtl", "no samples");
        assertUsageError(Files.write(tmp.resolve("header.jtl"), List.of(lines.get(0))), "header.jtl", "only a header");
    }

    @Test
    void distributedThreadNamesAndHostnameColumnGiveThePerAgentBreakdown() throws Exception {
        String head = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success,failureMessage,bytes,"
                + "sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect";
        long t = 1_700_000_000_000L;
        List<String> rows = new java.util.ArrayList<>(List.of(head));
        for (int i = 0; i < 40; i++) {
            String agent = i % 4 == 0 ? "agent-b-10.0.0.2" : "agent-a-10.0.0.1";
            String code = i == 7 ? "500" : "200";
            rows.add((t + i * 50) + "," + (100 + i) + ",GET," + code + ",OK,\"" + agent + " Thread Group 1-" + (i % 3 + 1)
                    + "\",text," + (i != 7) + ",,10,10,3,6,http://127.0.0.1:1/x,90,0,1");
        }
        Path file = Files.write(tmp.resolve("distributed.jtl"), rows);
        Path out = tmp.resolve("distributed-run");
        assertEquals(0, Main.execute("import", "jtl", file.toString(), "--out", out.toString()));
        assertEquals(List.of(), ResultsSchema.errors(out.resolve("results.json")));
        JsonNode agents = scenario(out).path("latency").path("agents");
        assertEquals(2, agents.size(), agents.toString());
        assertEquals("agent-a-10.0.0.1", agents.get(0).path("agent").asText());
        assertEquals(30, agents.get(0).path("requests").asLong());
        assertEquals(1, agents.get(0).path("errors").asLong(), "row 8 (i=7) failed on agent a");
        assertEquals(10, agents.get(1).path("requests").asLong());
        assertEquals(0, agents.get(1).path("errors").asLong());
        assertNotNull(agents.get(1).path("service_p99_ns").numberValue());
        assertEquals(1, scenario(out).path("latency").path("errors_by_class").path("status_500").asLong());
    }

    @Test
    void twoStockJMeterServersGiveAnAgentEach() throws Exception {
        java.net.URI url = java.net.URI.create(base);
        Path plan = StockJMeter.plan("closed-get.jmx", Map.of("USERS", "2", "SECONDS", "2", "HOST", "127.0.0.1",
                "PORT", "" + url.getPort(), "PATH", "/thread/benchmark?ms=" + DELAY_MS), tmp.resolve("dist.jmx"));
        Path dist = tmp.resolve("dist.jtl");
        try (StockJMeter.Server a = jmeter.server(StockJMeter.freePort(), tmp.resolve("server-a.log"), Duration.ofSeconds(60));
             StockJMeter.Server b = jmeter.server(StockJMeter.freePort(), tmp.resolve("server-b.log"), Duration.ofSeconds(60))) {
            StockJMeter.Run r = jmeter.run(plan, dist, Duration.ofSeconds(90), "-R", a.address() + "," + b.address());
            assertEquals(0, r.exit(), r.output());
            Path out = tmp.resolve("dist-run");
            assertEquals(0, Main.execute("import", "jtl", dist.toString(), "--out", out.toString()));
            JsonNode s = scenario(out);
            JsonNode agents = s.path("latency").path("agents");
            assertEquals(2, agents.size(), agents.toString());
            long sum = agents.get(0).path("requests").asLong() + agents.get(1).path("requests").asLong();
            assertEquals(s.path("metrics").path("requests_sent").asLong(), sum, "the agents' samples add up to the run's");
            List<String> names = List.of(agents.get(0).path("agent").asText(), agents.get(1).path("agent").asText());
            assertEquals(java.util.Set.of(a.address(), b.address()), java.util.Set.copyOf(names),
                    "agents named by JMeter's remote thread names (host:port)");
            // each engine ran its own 2 users; how many requests each got in depends on when its JVM was ready
            assertTrue(agents.get(0).path("requests").asLong() > 0 && agents.get(1).path("requests").asLong() > 0, agents.toString());
        }
    }

    private static void assertUsageError(Path file, String... parts) {
        StringWriter err = new StringWriter();
        Path out = tmp.resolve("refused-" + file.getFileName());
        assertEquals(2, Main.execute(err, "import", "jtl", file.toString(), "--out", out.toString()), err.toString());
        String text = err.toString().strip();
        assertEquals(1, text.lines().count(), "one line: " + text);
        assertTrue(text.contains(file.getFileName().toString()), text);
        for (String p : parts) {
            assertTrue(text.contains(p), "'" + p + "' in: " + text);
        }
        assertFalse(text.contains("Exception"), text);
        assertFalse(Files.exists(out), "nothing written for a refused file");
    }

    private static JsonNode scenario(Path dir) throws Exception {
        return JSON.readTree(dir.resolve("results.json").toFile()).path("scenarios").get(0);
    }
}
