package org.fiberbench.cli.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.fiberbench.cli.Main;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.server.BenchServer;
import org.fiberbench.server.ServerOptions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HttpCommandsTest {
    @TempDir
    Path tmp;
    private BenchServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(Duration.ofSeconds(2));
        }
    }

    private String serve() {
        server = BenchServer.start(ServerOptions.local(ExecutorSpec.parse("virtual")));
        return server.url();
    }

    @Test
    void loadRejectsABadUrl() {
        assertEquals(2, Main.execute("load", "htp:/x", "--users", "1", "--duration", "1s"));
    }

    @Test
    void loadRejectsAnUnreachableServer() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        assertEquals(2, Main.execute("load", "http://127.0.0.1:" + port + "/", "--users", "1", "--duration", "1s"));
    }

    @Test
    void loadRejectsWrongCredentials() {
        String url = serve() + "thread/name";
        assertEquals(2, Main.execute("load", url, "--user", "hello", "--password", "nope", "--users", "1", "--duration", "1s"));
        assertEquals(2, Main.execute("load", url, "--users", "1", "--duration", "1s"));
    }

    @Test
    void loadRejectsUsersAndRateTogether() {
        assertEquals(2, Main.execute("load", "http://127.0.0.1:1/", "--users", "1", "--rate", "5", "--duration", "1s"));
    }

    @Test
    void serveRejectsAPortInUse() {
        serve();
        assertEquals(2, Main.execute("serve", "-e", "virtual", "--port", String.valueOf(server.port())));
    }

    @Test
    void serveRejectsABadExecutor() {
        assertEquals(2, Main.execute("serve", "-e", "virtual:carriers=x", "--port", "0"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void loadWritesARunDirectoryWithBucketsAndIntervals() throws Exception {
        String url = serve() + "thread/benchmark?ms=10";
        Path out = tmp.resolve("run");
        assertEquals(0, Main.execute("load", url, "--user", "hello", "--password", "world", "--users", "4",
                "--duration", "2s", "--out", out.toString()));
        Map<String, Object> doc = RunDirectory.read(out.resolve("results.json"));
        Map<String, Object> s = ((List<Map<String, Object>>) doc.get("scenarios")).get(0);
        Map<String, Object> latency = (Map<String, Object>) s.get("latency");
        assertEquals(4, ((List<?>) latency.get("buckets")).size());
        assertTrue(((List<?>) latency.get("intervals")).size() >= 2);
        assertEquals("normal", s.get("termination"));
        assertTrue(out.resolve(((Map<String, String>) s.get("files")).get("hgrm")).toFile().isFile());
        assertTrue(out.resolve("report.html").toFile().isFile(), "load writes the report too");
    }

    @Test
    @SuppressWarnings("unchecked")
    void overloadCountsTimeoutsAndTheServerAnswersAfterwards() throws Exception {
        // capacity 2 threads / 50 ms = 40 req/s; asked for 200 req/s with a 100 ms timeout
        server = BenchServer.start(ServerOptions.local(ExecutorSpec.parse("platform:fixed=2")));
        Path out = tmp.resolve("overload");
        assertEquals(0, Main.execute("load", server.url() + "thread/benchmark?ms=50", "--user", "hello", "--password", "world",
                "--rate", "200", "--duration", "1s", "--timeout", "100ms", "--out", out.toString()));
        Map<String, Object> s = ((List<Map<String, Object>>) RunDirectory.read(out.resolve("results.json")).get("scenarios")).get(0);
        Map<String, Object> latency = (Map<String, Object>) s.get("latency");
        long timeouts = ((Number) ((Map<String, Object>) latency.get("errors_by_class")).get("timeout")).longValue();
        assertTrue(timeouts > 50, latency.get("errors_by_class").toString());
        assertEquals(true, latency.get("saturated"));
        long deadline = System.nanoTime() + 30_000_000_000L; // the requests given up on still run; let them drain
        while (!server.stats(false).get("in_flight").equals(0) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        Path after = tmp.resolve("after");
        assertEquals(0, Main.execute("load", server.url() + "thread/name", "--user", "hello", "--password", "world",
                "--users", "1", "--duration", "1s", "--out", after.toString()));
        Map<String, Object> a = ((List<Map<String, Object>>) RunDirectory.read(after.resolve("results.json")).get("scenarios")).get(0);
        assertEquals(0L, ((Number) ((Map<String, Object>) a.get("metrics")).get("errors")).longValue());
    }

    @Test
    @SuppressWarnings("unchecked")
    void servedScenarioRecordsTheServersResources() throws Exception {
        Path out = tmp.resolve("served");
        assertEquals(0, Main.execute("run", "-e", "platform:fixed=2", "-w", "http:url=/thread/benchmark?ms=20",
                "-l", "closed:users=4,duration=2s", "--out", out.toString()));
        Map<String, Object> doc = RunDirectory.read(out.resolve("results.json"));
        Map<String, Object> s = ((List<Map<String, Object>>) doc.get("scenarios")).get(0);
        assertEquals("normal", s.get("termination"), String.valueOf(s.get("failure")));
        assertEquals("platform:fixed=2", s.get("executor"));
        Map<String, Object> resources = (Map<String, Object>) s.get("resources");
        List<Map<String, Object>> timeline = (List<Map<String, Object>>) resources.get("timeline");
        assertTrue(timeline.size() >= 10, "the server sampled every 100 ms: " + timeline.size());
        assertTrue(timeline.get(0).keySet().containsAll(List.of("threads", "cpu_user_ms", "heap_used_bytes", "gc_count")),
                timeline.get(0).toString());
        Map<String, Object> summary = (Map<String, Object>) resources.get("summary");
        assertNotNull(summary.get("cpu_ms_per_task"), "the server's CPU per request: " + summary);
        assertNotNull(s.get("generator_resources"), "the generator's own resources are kept apart");
        Map<String, Object> metrics = (Map<String, Object>) s.get("metrics");
        assertTrue(((Number) metrics.get("server_requests")).longValue() >= ((Number) metrics.get("completed")).longValue());
        // 2 threads × 20 ms: at most ~100 req/s
        assertTrue(((Number) metrics.get("throughput_ops_s")).doubleValue() < 110, metrics.toString());
    }
}
