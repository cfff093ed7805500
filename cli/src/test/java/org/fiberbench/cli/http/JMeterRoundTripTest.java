package org.fiberbench.cli.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fiberbench.cli.CliCapture;
import org.fiberbench.cli.jmeter.StockJMeter;
import org.fiberbench.server.ServerMain;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The interchange round trip on loopback against one {@code fiberbench serve} JVM with basic auth:
 * {@code export jmx}, the plan run by stock JMeter 5.6.3 (its own launcher and jars, the password from a
 * 0600 properties file), {@code import jtl}, a built-in {@code load} of the same scenario, and
 * {@code compare} pairing the two. Then a stock {@code jmeter-server} as the agent of {@code load --engine jmeter}.
 */
class JMeterRoundTripTest {
    private static final int USERS = 10;
    private static final int DELAY_MS = 200;
    private static final String LOAD = "closed:users=" + USERS + ",duration=4s";
    private static final String PASSWORD = HexFormat.of().formatHex(new java.security.SecureRandom().generateSeed(8));
    private static final Map<String, String> ENV = Map.of("FB_RT_PW", PASSWORD);
    private static final ObjectMapper JSON = new ObjectMapper();
    @TempDir
    static Path tmp;
    private static CliProcess serve;
    private static String url;
    private static StockJMeter jmeter;
    private static StockJMeter.Run stock;
    private static Path jtl;

    @BeforeAll
    static void roundTrip() throws Exception {
        serve = CliProcess.start(tmp.resolve("serve.log"), ENV, "serve", "-e", "virtual", "--port", "0", "--user", "hello",
                "--password-env", "FB_RT_PW");
        String ready = serve.awaitLine(ServerMain.READY_PREFIX);
        assertNotNull(ready, serve.output());
        url = ready.substring(ServerMain.READY_PREFIX.length()).split(" ")[0] + "thread/benchmark?ms=" + DELAY_MS;
        Path plan = tmp.resolve("plan.jmx");
        assertEquals(0, CliCapture.run("export", "jmx", url, "--user", "hello", "--users", "" + USERS, "--duration", "4s",
                "--out", plan.toString()).code());
        assertTrue(!Files.readString(plan).contains(PASSWORD), "the plan does not hold the password");
        jmeter = StockJMeter.in(tmp);
        jtl = tmp.resolve("out.jtl");
        stock = jmeter.run(plan, jtl, Duration.ofSeconds(60), "-q", secretProperties().toString());
        assertEquals(0, stock.exit(), stock.output());
        assertEquals(0, CliCapture.run("import", "jtl", jtl.toString(), "--out", tmp.resolve("imported").toString()).code());
        CliProcess load = load("builtin");
        assertEquals(0, load.awaitExit(60), load.output());
    }

    @AfterAll
    static void stop() throws InterruptedException {
        if (serve != null) {
            serve.close();
        }
    }

    @Test
    void stockJMeterAndTheBuiltInGeneratorMeetLittlesLawAndEachOther() throws Exception {
        JsonNode imported = metrics("imported");
        JsonNode builtin = metrics("builtin");
        assertEquals(0, imported.path("errors").asLong(), "the password reached stock JMeter's auth manager: " + imported);
        assertEquals(0, builtin.path("errors").asLong(), builtin.toString());
        Matcher summary = Pattern.compile("summary =\\s+(\\d+) in .*? =\\s+([0-9.]+)/s").matcher(stock.output());
        assertTrue(summary.find(), stock.output());
        assertEquals(Long.parseLong(summary.group(1)), imported.path("requests_sent").asLong(), "JMeter's own count");
        double x1 = withinLittlesLaw(imported, "imported");
        double x2 = withinLittlesLaw(builtin, "builtin");
        // same server, same closed loop: the rates differ by the engines' own per-request cost and, on a shared
        // 2-core box, by a cold JMeter JVM's first seconds (its p99 shows it), hence a wide tolerance
        assertTrue(x2 / x1 > 0.7 && x2 / x1 < 1.3, "builtin " + x2 + " vs stock JMeter " + x1 + " req/s");
        System.out.printf("round trip on %s, %s: JMeter summary %s samples %s/s; imported %.1f req/s p50 %.1f ms p99 %.1f ms;"
                + " builtin %.1f req/s p50 %.1f ms p99 %.1f ms%n", url, LOAD, summary.group(1), summary.group(2),
                x1, ms(imported, "service_p50_ns"), ms(imported, "service_p99_ns"), x2, ms(builtin, "latency_p50_ns"),
                ms(builtin, "latency_p99_ns"));
    }

    @Test
    void compareGivesTheImportedAndTheBuiltInRunOneRowWithBothEnginesAndARatio() throws Exception {
        JsonNode row = compare("imported", "builtin", "load on jmeter (imported JTL) vs builtin");
        double expected = metrics("builtin").path("throughput_ops_s").asDouble() / metrics("imported").path("throughput_ops_s").asDouble();
        assertEquals(expected, row.path("ratio").path("value").asDouble(), 0.001, row.toString());
    }

    @Test
    void aStockJMeterServerIsAnAgentOfLoadOnTheJMeterEngine() throws Exception {
        try (StockJMeter.Server server = jmeter.server(StockJMeter.freePort(), tmp.resolve("stock-server.log"), Duration.ofSeconds(60))) {
            CliProcess load = load("on-stock-agent", "--engine", "jmeter", "--agents", server.address());
            assertEquals(0, load.awaitExit(60), load.output());
            assertTrue(load.output().contains("fiberbench: " + server.address() + ": first samples in"), load.output());
            JsonNode s = scenario("on-stock-agent");
            JsonNode agent = s.path("agents").get(0);
            assertEquals(1, s.path("agents").size(), s.path("agents").toString());
            assertEquals(server.address(), agent.path("agent").asText());
            assertEquals("ok", agent.path("status").asText());
            assertEquals(s.path("metrics").path("requests_sent").asLong(), agent.path("requests").asLong());
            assertEquals(0, s.path("metrics").path("errors").asLong(), "the plan's auth manager ran on the stock agent");
            double x = withinLittlesLaw(s.path("metrics"), "stock agent");
            System.out.printf("stock jmeter-server agent %s: %.1f req/s p50 %.1f ms p99 %.1f ms (service time)%n", server.address(),
                    x, ms(s.path("metrics"), "service_p50_ns"), ms(s.path("metrics"), "service_p99_ns"));
        }
        compare("on-stock-agent", "builtin", "load on jmeter vs builtin");
        assertNoFileHoldsThePassword();
    }

    /** Logs, JTLs, plans and run directories of every process here: only the 0600 properties file has it. */
    private static void assertNoFileHoldsThePassword() throws IOException {
        try (var files = Files.walk(tmp)) {
            for (Path f : files.filter(Files::isRegularFile).filter(f -> !f.endsWith("secret.properties")).toList()) {
                assertTrue(!new String(Files.readAllBytes(f), java.nio.charset.StandardCharsets.ISO_8859_1).contains(PASSWORD), f.toString());
            }
        }
    }

    /** Closed loop, no think time: X = users / mean response time, and at most users / the endpoint's delay. */
    private static double withinLittlesLaw(JsonNode m, String what) {
        double x = m.path("throughput_ops_s").asDouble();
        double little = USERS / (m.path("service_mean_ns").asDouble() / 1e9);
        assertTrue(x > 0.8 * little && x < 1.1 * little, what + ": throughput " + x + " vs Little's law " + little);
        assertTrue(x < 1.05 * USERS * 1000.0 / DELAY_MS, what + ": no more than the endpoint's delay allows: " + x);
        return x;
    }

    /** {@code compare A B}: exit 0, one paired row (none only on one side) named {@code executor}; returns it. */
    private static JsonNode compare(String a, String b, String executor) throws IOException {
        CliCapture.Outcome text = CliCapture.run("compare", tmp.resolve(a).toString(), tmp.resolve(b).toString());
        assertEquals(0, text.code(), text.err());
        assertTrue(text.out().contains(executor) && !text.out().contains("only in"), text.out());
        CliCapture.Outcome json = CliCapture.run("compare", tmp.resolve(a).toString(), tmp.resolve(b).toString(), "--json");
        JsonNode c = JSON.readTree(json.out());
        assertEquals(1, c.path("scenarios").size(), json.out());
        JsonNode row = c.path("scenarios").get(0);
        assertEquals(executor, row.path("executor").asText());
        assertEquals(LOAD, row.path("load").asText());
        assertTrue(row.path("ratio").path("value").asDouble() > 0, row.toString());
        return row;
    }

    private static Path secretProperties() throws IOException {
        Path file = Files.createFile(tmp.resolve("secret.properties"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        return Files.writeString(file, "fiberbench.password=" + PASSWORD + "\n");
    }

    private static CliProcess load(String out, String... more) throws IOException {
        String[] base = {"load", url, "--user", "hello", "--password-env", "FB_RT_PW", "--users", "" + USERS, "--duration", "4s",
            "--out", tmp.resolve(out).toString()};
        String[] args = java.util.stream.Stream.concat(java.util.Arrays.stream(base), java.util.Arrays.stream(more)).toArray(String[]::new);
        return CliProcess.start(tmp.resolve(out + ".log"), ENV, args);
    }

    private static JsonNode scenario(String run) throws IOException {
        return JSON.readTree(tmp.resolve(run).resolve("results.json").toFile()).path("scenarios").get(0);
    }

    private static JsonNode metrics(String run) throws IOException {
        return scenario(run).path("metrics");
    }

    private static double ms(JsonNode m, String key) {
        return m.path(key).asDouble() / 1e6;
    }
}
