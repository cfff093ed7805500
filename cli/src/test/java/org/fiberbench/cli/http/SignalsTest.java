package org.fiberbench.cli.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ConnectException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.server.BenchServer;
import org.fiberbench.server.ServerMain;
import org.fiberbench.server.ServerOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Ctrl-C (SIGINT) on the real {@code serve} and {@code load} processes. */
class SignalsTest {
    private static final String AUTH = "Basic " + Base64.getEncoder().encodeToString("hello:world".getBytes(StandardCharsets.UTF_8));
    @TempDir
    Path tmp;

    private static HttpRequest get(String url) {
        return HttpRequest.newBuilder(URI.create(url)).header("Authorization", AUTH).timeout(Duration.ofSeconds(30)).build();
    }

    @Test
    void serveFinishesTheInFlightRequestOnCtrlCAndExits0() throws Exception {
        try (CliProcess serve = CliProcess.start(tmp.resolve("serve.log"), "serve", "-e", "platform:fixed=200", "--port", "0");
             HttpClient client = HttpClient.newHttpClient()) {
            String ready = serve.awaitLine(ServerMain.READY_PREFIX);
            assertNotNull(ready, serve.output());
            String url = ready.substring(ServerMain.READY_PREFIX.length()).split(" ")[0];
            assertTrue(url.startsWith("http://127.0.0.1:"), "binds to loopback by default: " + ready);
            int port = URI.create(url).getPort();
            CompletableFuture<HttpResponse<String>> inFlight = client.sendAsync(get(url + "thread/benchmark?ms=2000"),
                    HttpResponse.BodyHandlers.ofString());
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (!client.send(get(url + "stats"), HttpResponse.BodyHandlers.ofString()).body().contains("\"in_flight\":1")
                    && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            serve.interrupt();
            HttpResponse<String> r = inFlight.get();
            assertEquals(200, r.statusCode(), r.body());
            assertTrue(r.body().startsWith("Thread[") && r.body().contains("fiberbench-fixed-"), r.body());
            assertEquals(0, serve.awaitExit(30), serve.output());
            assertThrows(ConnectException.class, () -> new Socket("127.0.0.1", port).close(), "still listening");
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void loadStoppedBySigtermExits130AndKeepsItsIntervals() throws Exception {
        BenchServer server = BenchServer.start(ServerOptions.local(ExecutorSpec.parse("virtual")));
        Path out = tmp.resolve("term");
        try (CliProcess load = CliProcess.start(tmp.resolve("term.log"), "load", server.url() + "thread/benchmark?ms=20",
                "--user", "hello", "--password", "world", "--users", "2", "--duration", "120s", "--out", out.toString())) {
            assertNotNull(load.awaitLine("fiberbench: loading "), load.output());
            Thread.sleep(2500);
            load.terminate();
            assertEquals(130, load.awaitExit(60), load.output());
            Map<String, Object> s = ((List<Map<String, Object>>) RunDirectory.read(out.resolve("results.json"))
                    .get("scenarios")).get(0);
            assertEquals("interrupted", s.get("termination"));
        } finally {
            server.stop(Duration.ofSeconds(2));
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void loadKeepsTheFinishedIntervalsOnCtrlC() throws Exception {
        BenchServer server = BenchServer.start(ServerOptions.local(ExecutorSpec.parse("virtual")));
        Path out = tmp.resolve("run");
        try (CliProcess load = CliProcess.start(tmp.resolve("load.log"), "load", server.url() + "thread/benchmark?ms=20",
                "--user", "hello", "--password", "world", "--users", "4", "--duration", "120s", "--out", out.toString())) {
            assertNotNull(load.awaitLine("fiberbench: loading "), load.output());
            Thread.sleep(3500);
            load.interrupt();
            int code = load.awaitExit(60);
            String output = load.output();
            assertTrue(code == 130 || code == 0, "exit " + code + ": " + output);
            assertFalse(output.contains("fiberbench: error"), output);
            Map<String, Object> s = ((List<Map<String, Object>>) RunDirectory.read(out.resolve("results.json"))
                    .get("scenarios")).get(0);
            assertEquals("interrupted", s.get("termination"));
            List<?> intervals = (List<?>) ((Map<String, Object>) s.get("latency")).get("intervals");
            assertTrue(intervals.size() >= 2, "intervals: " + intervals.size());
            assertTrue(((Number) ((Map<String, Object>) s.get("metrics")).get("completed")).longValue() > 0);
            assertTrue(out.resolve("report.html").toFile().isFile(), "the report is written too");
        } finally {
            server.stop(Duration.ofSeconds(2));
        }
    }
}
