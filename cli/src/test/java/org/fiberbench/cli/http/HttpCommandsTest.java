package org.fiberbench.cli.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
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
    static {
        // other JMH runs may share this machine's /tmp/jmh.lock; each of ours forks its own JVM anyway
        System.setProperty("jmh.ignoreLock", "true");
    }

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

    /** Runs the command; asserts exit 2, one line holding {@code expected}, and no run directory. */
    private String assertRejected(String expected, String... args) {
        Path out = tmp.resolve("bad");
        StringWriter err = new StringWriter();
        String[] a = java.util.Arrays.copyOf(args, args.length + 2);
        if (args[0].equals("load")) {
            a[args.length] = "--out";
            a[args.length + 1] = out.toString();
        } else {
            a = args;
        }
        int code = Main.execute(err, a);
        String msg = err.toString().trim();
        assertEquals(2, code, msg);
        assertEquals(1, msg.lines().count(), "one line: " + msg);
        assertTrue(msg.contains(expected), msg);
        assertFalse(msg.contains("\tat "), "no stack trace: " + msg);
        assertFalse(Files.exists(out), "nothing written");
        return msg;
    }

    @Test
    void loadRejectsABadUrl() {
        assertRejected("htp:/x", "load", "htp:/x", "--users", "1", "--duration", "1s");
    }

    @Test
    void loadAgainstAClosedPortExitsOneWithOneLineAndNoRun() throws Exception {
        int port = freePort();
        Path out = tmp.resolve("down");
        StringWriter err = new StringWriter();
        // the server under load is down: the load failed (1), it is no mistake on the command line (2)
        int code = Main.execute(err, "load", "http://127.0.0.1:" + port + "/", "--users", "1", "--duration", "1s",
                "--threshold", "p99<1s", "--out", out.toString());
        String msg = err.toString().strip();
        assertEquals(1, code, msg);
        assertEquals(1, msg.lines().count(), "one line: " + msg);
        assertTrue(msg.startsWith("fiberbench: cannot connect to http://127.0.0.1:" + port + "/") && msg.endsWith("? (nothing was measured)"), msg);
        assertFalse(Files.exists(out), "nothing measured, nothing written");
    }

    @Test
    void loadRejectsWrongCredentials() {
        String url = serve() + "thread/name";
        String msg = assertRejected("401", "load", url, "--user", "hello", "--password", "nope", "--users", "1",
                "--duration", "1s");
        assertFalse(msg.contains("nope"), "the password is not printed: " + msg);
        assertRejected("401", "load", url, "--users", "1", "--duration", "1s");
    }

    @Test
    void loadRejectsUsersAndRateTogether() {
        assertRejected("mutually exclusive", "load", "http://127.0.0.1:1/", "--users", "1", "--rate", "5", "--duration", "1s");
    }

    @Test
    void loadRefusesARampOutsideTheClosedModelOrAsLongAsTheRun() {
        assertRejected("--ramp 1s applies to the closed model", "load", "http://127.0.0.1:1/", "--rate", "5",
                "--duration", "2s", "--ramp", "1s");
        assertRejected("--ramp 2s is not accepted", "load", "http://127.0.0.1:1/", "--users", "2", "--duration", "2s",
                "--ramp", "2s");
        assertRejected("--ramp 1s applies to the closed model", "export", "jmx", "http://127.0.0.1:1/", "--rate", "5",
                "--duration", "2s", "--ramp", "1s", "--out", tmp.resolve("plan.jmx").toString());
        assertFalse(Files.exists(tmp.resolve("plan.jmx")), "no plan written");
    }

    @Test
    @SuppressWarnings("unchecked")
    void loadRampIsTheClosedLoadsOwnRampInTheResults() throws Exception {
        String url = serve() + "thread/benchmark?ms=10";
        Map<String, Object> s = loadScenario(tmp.resolve("ramped"), url, "--users", "4", "--duration", "2s", "--ramp", "1s");
        assertEquals("closed:users=4,duration=2s,ramp=1s", s.get("load"));
        assertEquals(1.0, ((Number) ((Map<String, Object>) s.get("config")).get("ramp_s")).doubleValue());
    }

    /** {@code load URL} as the served user with {@code flags} into {@code out}, which must succeed; its one scenario. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> loadScenario(Path out, String url, String... flags) throws Exception {
        List<String> args = new java.util.ArrayList<>(List.of("load", url, "--user", "hello", "--password", "world"));
        args.addAll(List.of(flags));
        args.addAll(List.of("--out", out.toString()));
        assertEquals(0, Main.execute(args.toArray(String[]::new)));
        return ((List<Map<String, Object>>) RunDirectory.read(out.resolve("results.json")).get("scenarios")).get(0);
    }

    @Test
    void serveRejectsAPortInUse() {
        serve();
        assertRejected("the port is in use", "serve", "-e", "virtual", "--port", String.valueOf(server.port()));
    }

    @Test
    void serveRejectsABadExecutor() {
        assertRejected("carriers", "serve", "-e", "virtual:carriers=x", "--port", "0");
    }

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static void assertNothingListens(int port) {
        assertThrows(ConnectException.class, () -> new Socket("127.0.0.1", port).close(), "something listens on " + port);
    }

    @Test
    void serveRejectsAnUnresolvableBindAndListensNowhere() throws Exception {
        int port = freePort();
        assertRejected("--bind not..a..host cannot be resolved", "serve", "-e", "virtual", "--port", String.valueOf(port),
                "--bind", "not..a..host");
        assertNothingListens(port);
    }

    @Test
    void serveRefusesEveryInterfaceWithThePublishedPasswordOrNoAuth() throws Exception {
        int port = freePort();
        assertRejected("published default", "serve", "-e", "virtual", "--port", String.valueOf(port), "--bind", "0.0.0.0");
        assertRejected("--no-auth", "serve", "-e", "virtual", "--port", String.valueOf(port), "--bind", "0.0.0.0", "--no-auth");
        assertNothingListens(port);
    }

    @Test
    void serveRejectsBadLimits() {
        assertRejected("--max-queue 0", "serve", "-e", "virtual", "--port", "0", "--max-queue", "0");
        assertRejected("--max-ms -1", "serve", "-e", "virtual", "--port", "0", "--max-ms", "-1");
    }

    @Test
    void passwordSourcesAreCheckedAndExclusive() throws Exception {
        String url = serve() + "thread/name";
        assertRejected("no such file", "load", url, "--user", "hello", "--password-file", tmp.resolve("none").toString(),
                "--users", "1", "--duration", "1s");
        assertRejected("FIBERBENCH_TEST_UNSET_VARIABLE", "load", url, "--user", "hello", "--password-env",
                "FIBERBENCH_TEST_UNSET_VARIABLE", "--users", "1", "--duration", "1s");
        Path pw = Files.writeString(tmp.resolve("pw"), "world\n");
        assertRejected("mutually exclusive", "load", url, "--user", "hello", "--password", "world", "--password-file",
                pw.toString(), "--users", "1", "--duration", "1s");
        assertRejected("no such file", "serve", "-e", "virtual", "--port", "0", "--password-file", tmp.resolve("none").toString());
    }

    @Test
    void loadTakesThePasswordFromAFile() throws Exception {
        String url = serve() + "thread/name";
        Path pw = Files.writeString(tmp.resolve("pw"), "world\n");
        assertEquals(0, Main.execute("load", url, "--user", "hello", "--password-file", pw.toString(), "--users", "1",
                "--duration", "1s", "--out", tmp.resolve("run").toString()));
        Files.writeString(pw, "nope\n");
        assertRejected("wrong credentials", "load", url, "--user", "hello", "--password-file", pw.toString(),
                "--users", "1", "--duration", "1s");
    }

    @Test
    void loadExitsOneWhenEveryRequestFails() throws Exception {
        // the probe waits for the 1.5 s answer; the load's 100 ms timeout then fails every request
        String url = serve() + "thread/benchmark?ms=1500";
        StringWriter err = new StringWriter();
        Path out = tmp.resolve("failed");
        int code = Main.execute(err, "load", url, "--user", "hello", "--password", "world", "--users", "2",
                "--duration", "1s", "--timeout", "100ms", "--out", out.toString());
        String msg = err.toString().trim();
        assertEquals(1, code, msg);
        assertEquals(1, msg.lines().count(), "one line: " + msg);
        assertTrue(msg.contains("every request failed") && msg.contains("timeout"), msg);
        assertTrue(Files.exists(out.resolve("results.json")), "the failed run is still recorded");
    }

    @Test
    @SuppressWarnings("unchecked")
    void loadBucketsAreConfigurable() throws Exception {
        String url = serve() + "thread/benchmark?ms=30";
        Map<String, Object> s = loadScenario(tmp.resolve("buckets"), url, "--users", "2", "--duration", "1s",
                "--buckets", "10ms,20ms,1s");
        List<Map<String, Object>> buckets = (List<Map<String, Object>>) ((Map<String, Object>) s.get("latency")).get("buckets");
        assertEquals(List.of("< 10 ms", "10–20 ms", "20–1000 ms", ">= 1000 ms", "errors"),
                buckets.stream().map(b -> b.get("label")).toList());
        // every response took at least the 30 ms sleep
        assertEquals(((Number) buckets.get(2).get("count")).longValue() + ((Number) buckets.get(3).get("count")).longValue(),
                buckets.stream().limit(4).mapToLong(b -> ((Number) b.get("count")).longValue()).sum());
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
        // the requests given up on are cancelled when their turn comes: wait until the server has accounted for them all
        long sent = ((Number) ((Map<String, Object>) s.get("metrics")).get("requests_sent")).longValue();
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (server.requests() < sent + 1 && System.nanoTime() < deadline) { // + the probe before the load
            Thread.sleep(50);
        }
        Path after = tmp.resolve("after");
        assertEquals(0, Main.execute("load", server.url() + "thread/name", "--user", "hello", "--password", "world",
                "--users", "1", "--duration", "1s", "--out", after.toString()));
        Map<String, Object> a = ((List<Map<String, Object>>) RunDirectory.read(after.resolve("results.json")).get("scenarios")).get(0);
        assertEquals(0L, ((Number) ((Map<String, Object>) a.get("metrics")).get("errors")).longValue(),
                String.valueOf(((Map<String, Object>) a.get("latency")).get("errors_by_class")));
    }

    @Test
    @SuppressWarnings("unchecked")
    void absoluteUrlWorkloadRunsUnderBatchClosedAndOpenModels() throws Exception {
        String url = serve() + "thread/name";
        Path out = tmp.resolve("absolute");
        assertEquals(0, Main.execute("run", "-e", "platform:fixed=4", "-w", "http:url=" + url + ",user=hello,password=world",
                "-l", "batch:tasks=20", "-l", "closed:users=2,duration=1s", "-l", "open:rate=50,duration=1s",
                "--warmup", "0", "--iterations", "2", "--time", "200ms", "--out", out.toString()));
        List<Map<String, Object>> list = (List<Map<String, Object>>) RunDirectory.read(out.resolve("results.json")).get("scenarios");
        assertEquals(3, list.size());
        for (Map<String, Object> s : list) {
            assertEquals("normal", s.get("termination"), s.get("load") + ": " + s.get("failure"));
        }
        assertTrue(server.requests() >= 20 + 50, "the server answered them: " + server.requests());
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
        assertNull(((Map<String, Object>) s.get("files")).get("timeline"), "no generator file under the server's name");
        Map<String, Object> metrics = (Map<String, Object>) s.get("metrics");
        assertTrue(((Number) metrics.get("server_requests")).longValue() >= ((Number) metrics.get("completed")).longValue());
        // 2 threads × 20 ms: at most ~100 req/s
        assertTrue(((Number) metrics.get("throughput_ops_s")).doubleValue() < 110, metrics.toString());
    }
}
