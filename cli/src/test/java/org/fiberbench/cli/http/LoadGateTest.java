package org.fiberbench.cli.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.fiberbench.cli.CliCapture;
import org.fiberbench.cli.CliCapture.Outcome;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.server.BenchServer;
import org.fiberbench.server.ServerOptions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code load} as a CI gate, against fiberbench's own server on loopback: a line per second on
 * stderr while it runs, exit 1 when requests failed beyond an {@code errors<} threshold, exit 3
 * when another threshold failed.
 */
class LoadGateTest {
    @TempDir
    Path tmp;
    private BenchServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(Duration.ofSeconds(2));
        }
    }

    private static Outcome load(String... args) {
        List<String> all = new ArrayList<>(List.of("load"));
        all.addAll(Arrays.asList(args));
        return CliCapture.run(all);
    }

    @Test
    void aThreeSecondLoadPrintsALinePerSecondAndPassesItsThresholds() throws Exception {
        server = BenchServer.start(ServerOptions.local(ExecutorSpec.parse("virtual")));
        Path out = tmp.resolve("ok");
        Outcome r = load(server.url() + "thread/benchmark?ms=5", "--user", "hello", "--password", "world", "--rate", "40",
                "--duration", "3s", "--threshold", "errors<1%", "--threshold", "p99<2s", "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        List<String> seconds = r.err().lines().filter(l -> l.matches("\\s+\\d+s  requests +\\d+  errors +\\d+  p99 +\\S+.*")).toList();
        assertTrue(seconds.size() >= 3, "a line per second: " + r.err());
        for (int s = 1; s <= 3; s++) {
            String line = seconds.get(s - 1);
            assertTrue(line.startsWith(String.format("%5ds  ", s)), line);
            long requests = Long.parseLong(line.replaceAll(".*requests +(\\d+).*", "$1"));
            assertTrue(requests >= 20 && requests <= 60, "about 40 requests in second " + s + ": " + line);
            assertTrue(line.matches(".*errors +0  p99 +\\d+\\.\\dms.*"), line);
        }
        assertTrue(r.out().contains("thresholds: 0 of 2 failed"), r.out());
        assertEquals(2, ((List<?>) RunDirectory.read(out.resolve("results.json")).get("thresholds")).size());
    }

    /** One request at a time is served and one more may wait; the others are answered 503 at once. */
    private String overloaded() {
        server = BenchServer.start(new ServerOptions(ExecutorSpec.parse("platform:fixed=1"), "127.0.0.1", 0, "hello", "world",
                Duration.ofSeconds(2), 1, ServerOptions.DEFAULT_MAX_MS));
        return server.url() + "thread/benchmark?ms=50";
    }

    @Test
    @SuppressWarnings("unchecked")
    void requestsFailingBeyondAnErrorsThresholdExitOne() throws Exception {
        Path out = tmp.resolve("errors");
        Outcome r = load(overloaded(), "--user", "hello", "--password", "world", "--users", "6", "--duration", "2s",
                "--threshold", "errors<1%", "--threshold", "p99<10s", "--out", out.toString());
        assertEquals(1, r.code(), r.out() + r.err());
        String last = r.err().strip().lines().reduce((a, b) -> b).orElse("");
        assertTrue(last.startsWith("fiberbench: requests failed beyond errors<1%: ") && last.contains("status_503"), last);
        Map<String, Object> errors = ((List<Map<String, Object>>) RunDirectory.read(out.resolve("results.json")).get("thresholds")).get(0);
        assertEquals(false, errors.get("pass"));
        assertTrue(((Number) errors.get("value")).doubleValue() > 1, errors.toString());
    }

    @Test
    void anotherFailedThresholdExitsThree() {
        Outcome r = load(overloaded(), "--user", "hello", "--password", "world", "--users", "1", "--duration", "2s",
                "--threshold", "p99<1ms", "--out", tmp.resolve("slow").toString());
        assertEquals(3, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("  FAIL     p99<1ms "), r.out());
    }

    @Test
    void aPercentileOfTheWrongKindIsRejectedBeforeTheProbe() {
        Outcome r = load("http://127.0.0.1:1/", "--users", "1", "--duration", "1s", "--threshold", "score<1ms/op",
                "--out", tmp.resolve("bad").toString());
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().strip().startsWith("fiberbench: threshold 'score<1ms/op': scenario virtual × http:url=http://127.0.0.1:1/"
                + " × closed:users=1,duration=1s has no score"), r.err());
    }
}
