package org.fiberbench.cli.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.fiberbench.cli.Main;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.server.BenchServer;
import org.fiberbench.server.ServerOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code load --engine jmeter} end to end on loopback: fiberbench's server, real {@code fiberbench agent}
 * JVMs and real {@code fiberbench load} JVMs running Apache JMeter's engine. The password reaches the
 * load through the environment only.
 */
class JMeterEngineTest {
    private static final Map<String, String> ENV = Map.of("FB_TEST_PW", ServerOptions.DEFAULT_PASSWORD);
    @TempDir
    static Path tmp;
    private static BenchServer server;
    private static CliProcess agentA;
    private static String a;

    @BeforeAll
    static void start() throws Exception {
        server = BenchServer.start(ServerOptions.local(ExecutorSpec.parse("virtual")));
        int port = freePort();
        agentA = CliProcess.start(tmp.resolve("agent-a.log"), "agent", "--port", Integer.toString(port));
        assertNotNull(agentA.awaitLine("fiberbench: agent listening"), agentA.output());
        a = "127.0.0.1:" + port;
    }

    @AfterAll
    static void stop() throws Exception {
        agentA.close();
        server.stop(Duration.ofSeconds(2));
    }

    @Test
    void twoAgentsEachRunTheUsersAndTheirSamplesAddUpByLittlesLaw() throws Exception {
        try (CliProcess b = agent("agent-b.log")) {
            Path out = tmp.resolve("two-agents");
            CliProcess load = load(out, "--users", "20", "--duration", "4s", "--warmup", "1s", "--agents", a + "," + agent(b));
            assertEquals(0, load.awaitExit(60), load.output());
            JsonNode s = scenario(out);
            JsonNode agents = s.path("agents");
            assertEquals(2, agents.size(), s.toString());
            assertEquals("jmeter", s.path("executor").asText(), "the users ran on JMeter's threads");
            long sum = agents.get(0).path("requests").asLong() + agents.get(1).path("requests").asLong();
            assertEquals(s.path("metrics").path("requests_sent").asLong(), sum, "every sample is some agent's");
            for (JsonNode agent : agents) {
                double share = agent.path("requests").asDouble() / sum;
                assertTrue(share > 0.35 && share < 0.65, "each agent runs the same 20 users: " + agents);
                assertEquals("ok", agent.path("status").asText());
                assertTrue(agent.path("service_p99_ns").asLong() >= 200_000_000L, agents.toString());
            }
            // Little's law: 40 users each waiting ~200 ms make at most 40 / mean service time requests a second,
            // ~200 on a quiet machine; on a shared 2-core box the generators' own delays lower it, hence a wide band
            double x = s.path("metrics").path("throughput_ops_s").asDouble();
            double mean = s.path("latency").path("uncorrected").path("mean_ns").asDouble() / 1e9;
            assertTrue(x <= 1.1 * 40 / mean, "throughput " + x + " above Little's bound " + 40 / mean);
            assertTrue(x > 0.3 * 40 / 0.2 && x < 1.1 * 40 / 0.2, "throughput " + x + " vs 200 req/s");
            assertTrue(load.output().contains(a) && load.output().contains("service time from actual send"), load.output());
        }
    }

    @Test
    void anAgentKilledMidRunKeepsItsSamplesAndTheLoadExitsOne() throws Exception {
        Path out = tmp.resolve("killed");
        String bAddress;
        CliProcess load;
        try (CliProcess b = agent("agent-dies.log")) {
            bAddress = agent(b);
            // 10 s: the agent dies within a second or two of its start (its samples come back at least every
            // 0.2 s), long before its test would end
            load = load(out, "--users", "5", "--duration", "10s", "--agents", a + "," + bAddress);
            assertNotNull(load.awaitLine("fiberbench: " + bAddress + ": first samples in"), load.output());
        } // the agent is killed here (SIGKILL), mid-run
        long t0 = System.nanoTime();
        assertEquals(1, load.awaitExit(40), load.output());
        assertTrue(System.nanoTime() - t0 < 30_000_000_000L, "no hang");
        assertTrue(load.output().contains("fiberbench: agent " + bAddress + ": stopped answering"), load.output());
        JsonNode s = scenario(out);
        assertEquals("failure", s.path("termination").asText());
        JsonNode lost = s.path("agents").get(1);
        assertEquals(bAddress, lost.path("agent").asText());
        assertEquals("lost", lost.path("status").asText());
        assertTrue(lost.path("requests").asLong() > 0, "its samples up to then are kept: " + lost);
        assertEquals("ok", s.path("agents").get(0).path("status").asText());
    }

    @Test
    void embeddedClosedAndOpenRunsLandInResultsJsonAsServiceTime() throws Exception {
        Path closed = tmp.resolve("embedded-closed");
        Path open = tmp.resolve("embedded-open");
        CliProcess c = load(closed, "--users", "10", "--duration", "3s");
        assertEquals(0, c.awaitExit(60), c.output());
        CliProcess o = load(open, "--rate", "20", "--duration", "3s", "--timeout", "2s");
        assertEquals(0, o.awaitExit(60), o.output());
        JsonNode sc = scenario(closed);
        assertEquals("jmeter", sc.path("config").path("engine").asText());
        assertEquals("service time from actual send", sc.path("latency").path("basis").asText());
        assertTrue(sc.path("metrics").path("latency_p99_ns").asLong() >= 200_000_000L, sc.path("metrics").toString());
        assertTrue(Files.exists(closed.resolve(sc.path("files").path("hlog").asText())));
        assertTrue(Files.exists(closed.resolve("report.html")));
        JsonNode so = scenario(open);
        assertTrue(so.path("metrics").path("latency_p99_ns").isNull(), "no corrected figure for JMeter's open load");
        assertTrue(so.path("latency").path("corrected_absent").asText().contains("intended start"));
        assertTrue(so.path("metrics").path("service_p99_ns").asLong() >= 200_000_000L);
        double x = so.path("metrics").path("throughput_ops_s").asDouble();
        assertTrue(x > 12 && x < 25, "open model at 20/s: " + x);
        assertEquals(0, so.path("metrics").path("errors").asLong(), "in-flight requests finish after the last arrival");
        assertEquals("embedded", so.path("agents").get(0).path("agent").asText());
    }

    @Test
    void anAgentOverTlsMakesItsKeystoreAndServesAClientWithItOnly() throws Exception {
        Path keystore = tmp.resolve("tls").resolve("rmi.p12");
        Files.createDirectories(keystore.getParent());
        int port = freePort();
        try (CliProcess agent = CliProcess.start(tmp.resolve("agent-tls.log"), "agent", "--port", Integer.toString(port),
                "--keystore", keystore.toString())) {
            assertNotNull(agent.awaitLine("fiberbench: agent listening"), agent.output());
            assertTrue(agent.output().contains("RMI over TLS"), agent.output());
            Path pw = keystore.resolveSibling("rmi.p12.password");
            assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(pw)));
            assertTrue(!agent.output().contains(Files.readString(pw).strip()), "the keystore password is not logged");
            String address = "127.0.0.1:" + port;
            CliProcess tls = load(tmp.resolve("tls-run"), "--users", "2", "--duration", "2s", "--agents", address,
                    "--keystore", keystore.toString());
            assertEquals(0, tls.awaitExit(60), tls.output());
            assertTrue(scenario(tmp.resolve("tls-run")).path("metrics").path("completed").asLong() > 0);
            CliProcess plain = load(tmp.resolve("plain-run"), "--users", "2", "--duration", "2s", "--agents", address);
            assertEquals(1, plain.awaitExit(60), plain.output());
            assertTrue(plain.output().contains("fiberbench: agent " + address + ": unreachable"), plain.output());
        }
    }

    @Test
    void plainRmiOffLoopbackIsRefused() {
        StringWriter err = new StringWriter();
        assertEquals(2, Main.execute(err, "agent", "--bind", "0.0.0.0", "--port", "1"));
        assertTrue(err.toString().contains("--keystore"), err.toString());
        assertEquals(1, err.toString().strip().lines().count(), err.toString());
    }

    @Test
    void badEngineOrAgentsIsOneLineAndExitTwo() {
        String url = server.url() + "thread/name";
        for (String[] bad : new String[][] {{"--engine", "gatling"}, {"--engine", "jmeter", "--agents", "127.0.0.1:x"},
                {"--agents", a}, {"--engine", "jmeter", "--agents", a + "," + a}}) {
            StringWriter err = new StringWriter();
            String[] args = new String[5 + bad.length];
            System.arraycopy(new String[] {"load", url, "--users", "1", "--duration=1s"}, 0, args, 0, 5);
            System.arraycopy(bad, 0, args, 5, bad.length);
            assertEquals(2, Main.execute(err, args), String.join(" ", bad) + ": " + err);
            assertEquals(1, err.toString().strip().lines().count(), err.toString());
        }
    }

    private static CliProcess load(Path out, String... more) throws IOException {
        String[] args = new String[10 + more.length];
        System.arraycopy(new String[] {"load", server.url() + "thread/benchmark?ms=200", "--user", ServerOptions.DEFAULT_USER,
            "--password-env", "FB_TEST_PW", "--engine", "jmeter", "--out", out.toString()}, 0, args, 0, 10);
        System.arraycopy(more, 0, args, 10, more.length);
        return CliProcess.start(tmp.resolve(out.getFileName() + ".log"), ENV, args);
    }

    private static CliProcess agent(String log) throws Exception {
        CliProcess p = CliProcess.start(tmp.resolve(log), "agent", "--port", Integer.toString(freePort()));
        assertNotNull(p.awaitLine("fiberbench: agent listening"), p.output());
        return p;
    }

    private static String agent(CliProcess p) throws IOException, InterruptedException {
        String line = p.awaitLine("fiberbench: agent listening on ");
        return line.substring("fiberbench: agent listening on ".length()).split(" ")[0];
    }

    private static JsonNode scenario(Path run) throws IOException {
        JsonNode root = new ObjectMapper().readTree(run.resolve("results.json").toFile());
        assertNull(root.path("scenarios").get(1));
        return root.path("scenarios").get(0);
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
