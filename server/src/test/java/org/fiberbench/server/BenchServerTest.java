package org.fiberbench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.concurrent.CompletableFuture;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.spec.SpecException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BenchServerTest {
    private static final String AUTH = "Basic " + Base64.getEncoder().encodeToString("hello:world".getBytes(StandardCharsets.UTF_8));
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private BenchServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(Duration.ofSeconds(2));
        }
        client.close();
    }

    private BenchServer start(String executor) {
        server = BenchServer.start(ServerOptions.local(ExecutorSpec.parse(executor)));
        return server;
    }

    private HttpResponse<String> get(String path, boolean auth) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(server.url() + path.substring(1)))
                .timeout(Duration.ofSeconds(10));
        if (auth) {
            b.header("Authorization", AUTH);
        }
        return client.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void threadNameShowsAVirtualThreadOnVirtual() throws Exception {
        start("virtual");
        HttpResponse<String> r = get("/thread/name", true);
        assertEquals(200, r.statusCode());
        assertTrue(r.body().startsWith("VirtualThread["), r.body());
    }

    @Test
    void threadNameShowsAPlatformThreadOnPlatformFixed() throws Exception {
        start("platform:fixed=4");
        String body = get("/thread/name", true).body();
        assertTrue(body.startsWith("Thread[") && body.contains("fiberbench-fixed-"), body);
    }

    @Test
    void customSchedulerRunsRequestsOnItsCarriers() throws Exception {
        start("virtual:scheduler=fixed,carriers=2");
        String body = get("/thread/name", true).body();
        assertTrue(body.startsWith("VirtualThread[") && body.contains("fiberbench-carrier-"), body);
    }

    @Test
    void benchmarkEndpointSleepsTheRequestedTime() throws Exception {
        start("virtual");
        long t0 = System.nanoTime();
        HttpResponse<String> r = get("/thread/benchmark?ms=200", true);
        assertEquals(200, r.statusCode());
        assertTrue(System.nanoTime() - t0 >= 200_000_000L, "answered before the sleep ended");
        assertTrue(r.body().contains("VirtualThread"), r.body());
    }

    @Test
    void cpuEndpointAnswers() throws Exception {
        start("platform:fixed=2");
        HttpResponse<String> r = get("/cpu?iterations=1000", true);
        assertEquals(200, r.statusCode());
        assertTrue(r.body().startsWith(String.valueOf(BenchServlet.cpu(1000))), r.body());
    }

    @Test
    void missingCredentialsAre401() throws Exception {
        start("virtual");
        HttpResponse<String> r = get("/thread/name", false);
        assertEquals(401, r.statusCode());
        assertTrue(r.headers().firstValue("WWW-Authenticate").orElse("").startsWith("Basic"));
    }

    @Test
    void unknownPathIs404() throws Exception {
        start("virtual");
        assertEquals(404, get("/nope", true).statusCode());
    }

    @Test
    void badParameterIs400() throws Exception {
        start("virtual");
        assertEquals(400, get("/thread/benchmark?ms=abc", true).statusCode());
        assertEquals(400, get("/cpu?iterations=-1", true).statusCode());
    }

    @Test
    void noAuthServesWithoutCredentials() throws Exception {
        server = BenchServer.start(ServerOptions.local(ExecutorSpec.parse("virtual")).withoutAuth());
        assertEquals(200, get("/thread/name", false).statusCode());
    }

    @Test
    void rawSocketKeepAliveRequestsAreAnswered() throws Exception {
        start("virtual");
        try (Socket s = new Socket("127.0.0.1", server.port())) {
            s.setSoTimeout(5000);
            OutputStream out = s.getOutputStream();
            InputStream in = s.getInputStream();
            for (int i = 0; i < 2; i++) {
                out.write(("GET /thread/name HTTP/1.1\r\nHost: x\r\nAuthorization: " + AUTH + "\r\n\r\n")
                        .getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
                String reply = readReply(in);
                assertTrue(reply.startsWith("HTTP/1.1 200"), reply);
                assertTrue(reply.contains("VirtualThread["), reply);
            }
        }
    }

    /** Reads one reply with a Content-Length body. */
    private static String readReply(InputStream in) throws IOException {
        StringBuilder sb = new StringBuilder();
        while (!sb.toString().endsWith("\r\n\r\n")) {
            sb.append((char) in.read());
        }
        String head = sb.toString();
        int len = Integer.parseInt(head.replaceAll("(?s).*Content-Length: (\\d+).*", "$1"));
        return head + new String(in.readNBytes(len), StandardCharsets.UTF_8);
    }

    @Test
    void statsCountsRequestsButNotItself() throws Exception {
        start("virtual");
        get("/thread/name", true);
        get("/nope", true);
        get("/stats", true);
        String stats = get("/stats", true).body();
        assertTrue(stats.contains("\"requests\":2"), stats);
        assertTrue(stats.contains("\"threads_peak\""), stats);
        assertEquals(2, server.requests());
    }

    @Test
    void gracefulStopLetsAnInFlightRequestFinish() throws Exception {
        start("virtual");
        CompletableFuture<HttpResponse<String>> inFlight = client.sendAsync(HttpRequest.newBuilder(
                URI.create(server.url() + "thread/benchmark?ms=700")).header("Authorization", AUTH).build(),
                HttpResponse.BodyHandlers.ofString());
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (server.stats(false).get("in_flight").equals(0) && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        URI after = URI.create(server.url() + "thread/name");
        assertEquals(0, server.stop(Duration.ofSeconds(5)));
        assertEquals(200, inFlight.get().statusCode());
        assertThrows(IOException.class, () -> client.send(HttpRequest.newBuilder(after).header("Authorization", AUTH)
                .build(), HttpResponse.BodyHandlers.ofString()), "still accepting after stop");
    }

    @Test
    void portInUseIsAUserError() {
        start("virtual");
        ServerOptions taken = new ServerOptions(ExecutorSpec.parse("virtual"), "127.0.0.1", server.port(), null, null,
                Duration.ZERO);
        SpecException e = assertThrows(SpecException.class, () -> BenchServer.start(taken));
        assertTrue(e.getMessage().contains("in use"), e.getMessage());
    }

    @Test
    void rejectsAnExecutorThatCannotServe() {
        assertThrows(SpecException.class, () -> ServerOptions.local(ExecutorSpec.parse("inline")));
    }

    @Test
    void rejectsUserWithoutPassword() {
        assertThrows(SpecException.class, () -> new ServerOptions(ExecutorSpec.parse("virtual"), "127.0.0.1", 0, "u",
                null, Duration.ZERO));
        assertFalse(ServerOptions.local(ExecutorSpec.parse("virtual")).withoutAuth().auth());
    }
}
