package org.fiberbench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Predicate;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.spec.SpecException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The server's limits, on a real server and real sockets: the queue cap, --max-ms, clients that leave, the stop. */
class RequestLimitsTest {
    private static final String AUTH = "Basic " + Base64.getEncoder().encodeToString("hello:world".getBytes(StandardCharsets.UTF_8));
    private final ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor();
    private BenchServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(Duration.ofSeconds(2));
        }
        clients.shutdownNow();
    }

    private void start(String executor, int maxQueue, long maxMs) {
        server = BenchServer.start(ServerOptions.local(ExecutorSpec.parse(executor)).withLimits(maxQueue, maxMs));
    }

    /** The status line and body of one GET on a fresh connection ({@code auth}: with the right credentials). */
    private String get(String path, boolean auth) throws IOException {
        try (Socket s = send(path, auth)) {
            s.setSoTimeout(30_000);
            BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.ISO_8859_1));
            String status = in.readLine();
            int length = 0;
            for (String h = in.readLine(); h != null && !h.isEmpty(); h = in.readLine()) {
                if (h.regionMatches(true, 0, "Content-Length:", 0, 15)) {
                    length = Integer.parseInt(h.substring(15).trim());
                }
            }
            char[] body = new char[length];
            for (int n = 0; n < length; ) {
                n += in.read(body, n, length - n);
            }
            return status + " " + new String(body);
        }
    }

    private Socket send(String path, boolean auth) throws IOException {
        Socket s = new Socket("127.0.0.1", server.port());
        s.getOutputStream().write(("GET " + path + " HTTP/1.1\r\nHost: x\r\n" + (auth ? "Authorization: " + AUTH + "\r\n" : "")
                + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
        s.getOutputStream().flush();
        return s;
    }

    private Future<String> getAsync(String path) {
        return clients.submit(() -> get(path, true));
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> queue() {
        return (Map<String, Object>) server.stats(false).get("queue");
    }

    private long q(String key) {
        return ((Number) queue().get(key)).longValue();
    }

    /** Polls the queue's figures until {@code ok} holds (at most 20 s); returns them. */
    private Map<String, Object> awaitQueue(Predicate<Map<String, Object>> ok) throws InterruptedException {
        long deadline = System.nanoTime() + 20_000_000_000L;
        Map<String, Object> m = queue();
        while (!ok.test(m) && System.nanoTime() < deadline) {
            Thread.sleep(10);
            m = queue();
        }
        return m;
    }

    private static Predicate<Map<String, Object>> is(String key, long value) {
        return m -> ((Number) m.get(key)).longValue() == value;
    }

    @Test
    void aSleepAboveMaxMsIs400NamingTheCap() throws Exception {
        start("virtual", 10, 500);
        String r = get("/thread/benchmark?ms=501", true);
        assertTrue(r.startsWith("HTTP/1.1 400") && r.contains("0..500") && r.contains("--max-ms"), r);
        assertTrue(get("/thread/benchmark?ms=500", true).startsWith("HTTP/1.1 200"));
    }

    @Test
    void aFullQueueAnswers503AtOnceAndCountsIt() throws Exception {
        start("platform:fixed=1", 1, 60_000);
        Future<String> running = getAsync("/thread/benchmark?ms=1500");
        assertNotNull(awaitQueue(is("running", 1)));
        Future<String> waiting = getAsync("/thread/benchmark?ms=0");
        awaitQueue(is("queued", 1));
        String full = get("/thread/name", true);
        assertTrue(full.startsWith("HTTP/1.1 503") && full.contains("--max-queue"), full);
        assertEquals(1, q("running"), "answered while the executor was still busy");
        assertEquals(1, q("rejected_queue_full"));
        assertTrue(running.get().startsWith("HTTP/1.1 200"), running.get());
        assertTrue(waiting.get().startsWith("HTTP/1.1 200"), waiting.get());
    }

    @Test
    void authAndStatsDoNotWaitForABusyExecutor() throws Exception {
        start("platform:fixed=1", 1, 60_000);
        Future<String> running = getAsync("/thread/benchmark?ms=1500");
        awaitQueue(is("running", 1));
        Future<String> waiting = getAsync("/thread/benchmark?ms=0");
        awaitQueue(is("queued", 1));
        assertTrue(get("/thread/name", false).startsWith("HTTP/1.1 401"));
        assertTrue(get("/thread/benchmark?ms=x", true).startsWith("HTTP/1.1 400"));
        assertTrue(get("/stats", true).contains("\"queued\":1"));
        assertEquals(1, q("running"), "all answered while the one thread still slept");
        running.get();
        waiting.get();
    }

    @Test
    void aWaitingRequestWhoseClientLeftIsCancelledNotServed() throws Exception {
        start("platform:fixed=1", 10, 60_000);
        Future<String> running = getAsync("/thread/benchmark?ms=1000");
        awaitQueue(is("running", 1));
        try (Socket gone = send("/thread/benchmark?ms=0", true)) {
            awaitQueue(is("queued", 1));
        }
        assertTrue(running.get().startsWith("HTTP/1.1 200"));
        Map<String, Object> m = awaitQueue(is("cancelled_client_left", 1).and(is("running", 0)));
        assertEquals(1L, ((Number) m.get("cancelled_client_left")).longValue(), m.toString());
        assertEquals(1L, ((Number) m.get("served")).longValue(), "only the request whose client waited ran: " + m);
    }

    @Test
    void aLongSleepStopsWhenItsClientLeaves() throws Exception {
        start("virtual", 10, 60_000);
        try (Socket gone = send("/thread/benchmark?ms=60000", true)) {
            awaitQueue(is("running", 1));
        }
        // within a slice of the sleep, not after the minute
        Map<String, Object> m = awaitQueue(is("running", 0));
        assertEquals(0L, ((Number) m.get("running")).longValue(), m.toString());
        assertEquals(1L, ((Number) m.get("cancelled_client_left")).longValue(), m.toString());
    }

    @Test
    void stopAnswersWaitingRequests503AndRunningOnes503AfterTheGrace() throws Exception {
        start("platform:fixed=1", 10, 60_000);
        Future<String> running = getAsync("/thread/benchmark?ms=30000");
        awaitQueue(is("running", 1));
        List<Future<String>> waiting = List.of(getAsync("/thread/name"), getAsync("/thread/name"), getAsync("/cpu"));
        awaitQueue(is("queued", 3));
        assertEquals(0, server.stop(Duration.ofMillis(500)), "every request answered");
        for (Future<String> w : waiting) {
            assertTrue(w.get().startsWith("HTTP/1.1 503") && w.get().contains("stopping"), w.get());
        }
        assertTrue(running.get().startsWith("HTTP/1.1 503") && running.get().contains("stopping"), running.get());
        assertEquals(4, q("answered_503_stopping"));
    }

    @Test
    void anUnresolvableBindIsAUserError() {
        SpecException e = assertThrows(SpecException.class, () -> new ServerOptions(ExecutorSpec.parse("virtual"),
                "not..a..host", 0, "u", "secret", Duration.ZERO));
        assertTrue(e.getMessage().contains("not..a..host") && e.getMessage().contains("accepted"), e.getMessage());
    }

    @Test
    void offLoopbackNeedsOwnCredentialsAndIsWarnedAbout() {
        ExecutorSpec v = ExecutorSpec.parse("virtual");
        assertThrows(SpecException.class, () -> new ServerOptions(v, "0.0.0.0", 0, "hello", "world", Duration.ZERO));
        assertThrows(SpecException.class, () -> new ServerOptions(v, "0.0.0.0", 0, null, null, Duration.ZERO));
        String warning = new ServerOptions(v, "0.0.0.0", 0, "me", "s3cret", Duration.ZERO).exposure();
        assertTrue(warning != null && warning.contains("every interface"), warning);
        assertNull(new ServerOptions(v, "localhost", 0, "hello", "world", Duration.ZERO).exposure());
    }
}
