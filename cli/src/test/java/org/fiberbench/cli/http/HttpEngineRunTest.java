package org.fiberbench.cli.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.fiberbench.cli.CliCapture;
import org.fiberbench.cli.report.ResultsSchema;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.server.BenchServer;
import org.fiberbench.server.ServerOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run -w http:url=...,engine=jmeter} end to end on loopback: a closed load on fiberbench's own
 * server (relative URL, forked) and an open load on an absolute URL, both sent by JMeter's embedded
 * engine in a real fork. One run of each serves every assertion.
 */
class HttpEngineRunTest {
    private static final String SECRET = "s3cret-engine-pw";
    @TempDir
    static Path tmp;
    private static BenchServer server;
    private static CliCapture.Outcome closed;
    private static CliCapture.Outcome open;

    @BeforeAll
    static void runBoth() throws Exception {
        closed = CliCapture.run("run", "-e", "virtual", "-w", "http:url=/thread/benchmark?ms=200,engine=jmeter",
                "-l", "closed:users=10,duration=3s", "--out", tmp.resolve("closed").toString());
        server = BenchServer.start(new ServerOptions(ExecutorSpec.parse("virtual"), ServerOptions.DEFAULT_BIND, 0,
                ServerOptions.DEFAULT_USER, SECRET, Duration.ofSeconds(2)));
        open = CliCapture.run("run", "-e", "virtual", "-w", "http:url=" + server.url() + "thread/benchmark?ms=50,user="
                + ServerOptions.DEFAULT_USER + ",password=" + SECRET + ",engine=jmeter",
                "-l", "open:rate=20,duration=3s", "--out", tmp.resolve("open").toString());
    }

    @AfterAll
    static void stop() {
        server.stop(Duration.ofSeconds(2));
    }

    @Test
    void aClosedLoadOnTheServedUrlIsServiceTimeWithinLittlesLawAndKeepsTheServersResources() {
        assertEquals(0, closed.code(), closed.err());
        JsonNode s = scenario("closed");
        assertEquals("normal", s.path("termination").asText(), s.path("failure").asText());
        assertEquals("jmeter", s.path("config").path("engine").asText());
        assertEquals("service time from actual send", s.path("latency").path("basis").asText());
        // Little's law: 10 users each waiting ~200 ms make at most 10 / mean service time requests a second (50)
        double x = s.path("metrics").path("throughput_ops_s").asDouble();
        double mean = s.path("latency").path("uncorrected").path("mean_ns").asDouble() / 1e9;
        assertTrue(mean >= 0.2 && x <= 1.1 * 10 / mean, "throughput " + x + " vs Little's bound " + 10 / mean);
        assertTrue(x > 0.4 * 50, "throughput " + x + " vs 50 req/s");
        assertEquals(x, s.path("metrics").path("score").asDouble(), 1e-9);
        assertTrue(s.path("resources").path("summary").path("cpu_ms_per_task").isNumber(), "the server's resources: " + s);
        assertTrue(s.path("metrics").path("server_requests").asLong() >= s.path("metrics").path("completed").asLong());
        assertTrue(Files.exists(tmp.resolve("closed").resolve(s.path("files").path("jmeter_log").asText())));
        assertEquals(List.of(), ResultsSchema.errors(tmp.resolve("closed").resolve("results.json")));
        assertTrue(closed.out().contains("engine=jmeter"), "the table's notes: " + closed.out());
    }

    @Test
    void anOpenLoadOnAnAbsoluteUrlHasNoCorrectedFiguresAndSaysWhy() throws IOException {
        assertEquals(0, open.code(), open.err());
        JsonNode s = scenario("open");
        assertEquals("normal", s.path("termination").asText(), s.path("failure").asText());
        assertTrue(s.path("metrics").path("latency_p99_ns").isNull(), "no corrected figure: " + s.path("metrics"));
        assertTrue(s.path("latency").path("corrected_absent").asText().contains("intended start"));
        assertTrue(s.path("metrics").path("service_p99_ns").asLong() >= 50_000_000L);
        assertEquals(0, s.path("metrics").path("errors").asLong(), "the password reached JMeter: " + s.path("latency"));
        double x = s.path("metrics").path("throughput_ops_s").asDouble();
        assertTrue(x > 12 && x < 25, "open model at 20/s: " + x);
        assertEquals(List.of(), ResultsSchema.errors(tmp.resolve("open").resolve("results.json")));
        try (Stream<Path> files = Files.walk(tmp.resolve("open"))) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                assertFalse(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1).contains(SECRET), f + " holds the password");
            }
        }
    }

    @Test
    void anUnknownEngineOrJMeterUnderABatchIsOneLineAndExitTwo() {
        for (String[] bad : new String[][] {{"http:url=/thread/name,engine=gatling", "closed:users=1,duration=1s", "gatling"},
            {"http:url=http://127.0.0.1:9/x,engine=jmeter", "batch:tasks=10", "batch:tasks=10"},
            {"http:url=/thread/name,engine=jmeter", "batch:tasks=10", "batch:tasks=10"},
            {"http:url=/thread/name,engine=jmeter,client=jdk", "closed:users=1,duration=1s", "client"}}) {
            CliCapture.Outcome o = CliCapture.run("run", "-e", "virtual", "-w", bad[0], "-l", bad[1],
                    "--out", tmp.resolve("bad").toString());
            assertEquals(2, o.code(), bad[0] + ": " + o.err());
            assertEquals(1, o.err().strip().lines().count(), o.err());
            assertTrue(o.err().contains(bad[2]), o.err());
        }
    }

    private static JsonNode scenario(String run) {
        try {
            return new ObjectMapper().readTree(tmp.resolve(run).resolve("results.json").toFile()).path("scenarios").get(0);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
