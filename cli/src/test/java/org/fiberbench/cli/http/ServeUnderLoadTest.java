package org.fiberbench.cli.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Predicate;
import org.fiberbench.cli.Main;
import org.fiberbench.server.ServerMain;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real {@code serve} process under more clients than it can take, stopped with work waiting, and off loopback. */
class ServeUnderLoadTest {
    private static final String AUTH = "Basic " + Base64.getEncoder().encodeToString("hello:world".getBytes(StandardCharsets.UTF_8));
    private static final ObjectMapper JSON = new ObjectMapper();
    private final ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor();
    @TempDir
    Path tmp;
    private int port;

    @AfterEach
    void closeClients() {
        clients.shutdownNow();
    }

    private int awaitReady(CliProcess serve) throws Exception {
        String ready = serve.awaitLine(ServerMain.READY_PREFIX);
        assertNotNull(ready, serve.output());
        port = URI.create(ready.substring(ServerMain.READY_PREFIX.length()).split(" ")[0]).getPort();
        return port;
    }

    /** One GET on a fresh connection: the status, or -1 when none came within {@code giveUpMs} (the client then leaves). */
    private int get(String path, int giveUpMs) throws IOException {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(giveUpMs);
            s.getOutputStream().write(("GET " + path + " HTTP/1.1\r\nHost: x\r\nAuthorization: " + AUTH + "\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            String line = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.ISO_8859_1)).readLine();
            return line == null ? 0 : Integer.parseInt(line.split(" ")[1]);
        } catch (SocketTimeoutException e) {
            return -1;
        }
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> stats() throws IOException {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write(("GET /stats HTTP/1.1\r\nHost: x\r\nAuthorization: " + AUTH + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            String reply = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return JSON.readValue(reply.substring(reply.indexOf("\r\n\r\n") + 4), Map.class);
        }
    }

    @SuppressWarnings("unchecked")
    private long queue(Map<String, Object> stats, String key) {
        return ((Number) ((Map<String, Object>) stats.get("queue")).get(key)).longValue();
    }

    /** Polls /stats until {@code ok} holds (at most 20 s); returns the last figures. */
    private Map<String, Object> awaitStats(Predicate<Map<String, Object>> ok) throws Exception {
        long deadline = System.nanoTime() + 20_000_000_000L;
        Map<String, Object> m = stats();
        while (!ok.test(m) && System.nanoTime() < deadline) {
            Thread.sleep(20);
            m = stats();
        }
        return m;
    }

    private Predicate<Map<String, Object>> idle() {
        return m -> queue(m, "queued") == 0 && queue(m, "running") == 0;
    }

    @Test
    void overloadIsShedAtOnceAndAbandonedRequestsAreNotServed() throws Exception {
        int rounds = 3;
        int users = 40;
        try (CliProcess serve = CliProcess.start(tmp.resolve("serve.log"), "serve", "-e", "platform:fixed=2", "--port", "0",
                "--max-queue", "4")) {
            awaitReady(serve);
            assertEquals(200, get("/thread/name", 10_000));
            int before = serve.descriptors();
            Map<String, Integer> kindsBefore = serve.descriptorKinds();
            int peak = before;
            int refused = 0;
            List<String> threadName = new ArrayList<>();
            for (int r = 0; r < rounds; r++) {
                List<Future<Integer>> round = new ArrayList<>();
                for (int i = 0; i < users; i++) { // each gives up after 300 ms, as a load tool's timeout does
                    round.add(clients.submit(() -> get("/thread/benchmark?ms=1000", 300)));
                }
                long t0 = System.nanoTime();
                int status = get("/thread/name", 10_000);
                threadName.add(status + " in " + (System.nanoTime() - t0) / 1_000_000 + " ms");
                assertTrue(status == 200 || status == 503, "/thread/name answered during the overload: " + status);
                peak = Math.max(peak, serve.descriptors());
                for (Future<Integer> f : round) {
                    refused += f.get() == 503 ? 1 : 0;
                }
                awaitStats(idle());
            }
            long sent = 1 + rounds * (users + 1L);
            Map<String, Object> s = awaitStats(m -> ((Number) m.get("requests")).longValue() == sent);
            long served = queue(s, "served");
            long rejected = queue(s, "rejected_queue_full");
            long cancelled = queue(s, "cancelled_client_left");
            String figures = s.get("queue") + ", refused as clients saw it " + refused + ", /thread/name " + threadName
                    + ", descriptors " + before + " -> peak " + peak;
            System.out.println("overload: " + figures);
            assertEquals(sent, served + rejected + cancelled, "every request accounted for: " + figures);
            assertTrue(refused > 0 && rejected >= refused, figures);
            assertTrue(cancelled > 0, "queued requests whose clients left were cancelled: " + figures);
            assertTrue(peak < before + 2 * users, figures);
            int after = serve.descriptors();
            for (long deadline = System.nanoTime() + 15_000_000_000L; after > before + 8 && System.nanoTime() < deadline; ) {
                Thread.sleep(100);
                after = serve.descriptors();
            }
            String kinds = kindsBefore + " -> " + serve.descriptorKinds();
            System.out.println("overload: descriptors " + before + " -> " + after + ": " + kinds);
            assertTrue(after <= before + 8, "descriptors back to " + after + " from " + before + " (" + kinds + "): " + figures);
        }
    }

    @Test
    void sigtermAnswersEveryAcceptedRequestAndExitsWithinTheGracePlusOneSecond() throws Exception {
        try (CliProcess serve = CliProcess.start(tmp.resolve("serve.log"), "serve", "-e", "platform:fixed=1", "--port", "0",
                "--grace", "2s")) {
            awaitReady(serve);
            Future<Integer> running = clients.submit(() -> get("/thread/benchmark?ms=30000", 30_000));
            awaitStats(m -> queue(m, "running") == 1);
            List<Future<Integer>> waiting = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                waiting.add(clients.submit(() -> get("/thread/benchmark?ms=100", 30_000)));
            }
            awaitStats(m -> queue(m, "queued") == 3);
            serve.terminate();
            // counted from the return of kill(1), when the signal has been sent: starting kill itself is not the server's time
            long t0 = System.nanoTime();
            for (Future<Integer> w : waiting) {
                assertEquals(503, w.get(), "a waiting request is answered 503 at once");
            }
            assertTrue(!running.isDone(), "the running request is still given its grace");
            int code = serve.awaitExitMillis(10_000);
            long ms = (System.nanoTime() - t0) / 1_000_000;
            System.out.println("sigterm: exit " + code + " after " + ms + " ms with a 2 s grace");
            assertEquals(0, code, serve.output());
            assertEquals(503, running.get(), "the long request is answered 503 when the grace runs out");
            assertTrue(ms < 3000, "exited " + ms + " ms after SIGTERM, grace 2 s");
            assertTrue(serve.output().contains("3 answered 503 at shutdown") || serve.output().contains("4 answered 503 at shutdown"),
                    serve.output());
        }
    }

    @Test
    void everyInterfaceWithItsOwnPasswordIsWarnedAboutAndServes() throws Exception {
        try (CliProcess serve = CliProcess.start(tmp.resolve("serve.log"), Map.of("FIBERBENCH_TEST_SERVE_PASSWORD", "s3cret"),
                "serve", "-e", "virtual", "--port", "0", "--bind", "0.0.0.0", "--user", "tester",
                "--password-env", "FIBERBENCH_TEST_SERVE_PASSWORD")) {
            awaitReady(serve);
            assertTrue(serve.output().contains("warning: listening on every interface"), serve.output());
            assertTrue(!serve.output().contains("s3cret"), "the password is not printed");
            Path pw = Files.writeString(tmp.resolve("pw"), "s3cret\n");
            assertEquals(0, Main.execute("load", "http://127.0.0.1:" + port + "/thread/name", "--user", "tester",
                    "--password-file", pw.toString(), "--users", "1", "--duration", "1s", "--out", tmp.resolve("run").toString()));
            serve.terminate();
            assertEquals(0, serve.awaitExit(30), serve.output());
        }
    }
}
