package org.fiberbench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.http.Buckets;
import org.fiberbench.http.HttpProbe;
import org.fiberbench.http.HttpSender;
import org.fiberbench.http.HttpTarget;
import org.fiberbench.http.LoadGenerator;
import org.fiberbench.http.LoadOptions;
import org.fiberbench.http.LoadOutcome;
import org.fiberbench.load.LoadSpec;
import org.fiberbench.spec.SpecException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The load generator against a real server: counts, overload, early stop, probe errors. */
class LoadAgainstServerTest {
    private BenchServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(Duration.ofSeconds(2));
        }
    }

    private HttpTarget target(String executor, String path, Duration timeout) {
        server = BenchServer.start(ServerOptions.local(ExecutorSpec.parse(executor)));
        return HttpTarget.of(server.url() + path, "hello", "world", timeout, "Thread");
    }

    @ParameterizedTest
    @EnumSource(HttpSender.Kind.class)
    void generatorCountsAgreeWithTheServersCounter(HttpSender.Kind client) throws Exception {
        HttpTarget t = target("virtual", "thread/benchmark?ms=5", Duration.ofSeconds(5));
        LoadOptions o = new LoadOptions(t, LoadSpec.parse("closed:users=8,duration=2s,warmup=1s"), client,
                Buckets.DEFAULT, 100);
        LoadOutcome out = LoadGenerator.create(o, null).run();
        assertEquals(0, out.errors(), out.errorsByClass().toString());
        assertTrue(out.completed() > 100, "completed " + out.completed());
        assertEquals(server.requests(), out.sent());
    }

    @Test
    void overloadCountsTimeoutsAndTheServerRecovers() throws Exception {
        // capacity: 2 threads / 50 ms = 40 req/s; asked for 200 req/s with a 100 ms timeout
        HttpTarget t = target("platform:fixed=2", "thread/benchmark?ms=50", Duration.ofMillis(100));
        LoadOptions o = new LoadOptions(t, LoadSpec.parse("open:rate=200,duration=1s"), HttpSender.Kind.SOCKET,
                Buckets.DEFAULT, 1000);
        LoadOutcome out = LoadGenerator.create(o, null).run();
        assertTrue(out.errorsByClass().getOrDefault("timeout", 0L) > 50, out.errorsByClass().toString());
        Map<String, Object> latency = out.section();
        assertEquals(true, latency.get("saturated"));
        waitIdle(Duration.ofSeconds(30));
        HttpProbe.check(HttpTarget.of(server.url() + "thread/name", "hello", "world", Duration.ofSeconds(10), null),
                HttpSender.Kind.SOCKET);
    }

    /** The queued requests the generator gave up on still run on the server; wait for them. */
    private void waitIdle(Duration max) throws InterruptedException {
        long deadline = System.nanoTime() + max.toNanos();
        while (!server.stats(false).get("in_flight").equals(0) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
    }

    @Test
    void stoppingMidwayKeepsTheFinishedIntervals() throws Exception {
        HttpTarget t = target("virtual", "thread/name", Duration.ofSeconds(5));
        LoadOptions o = new LoadOptions(t, LoadSpec.parse("closed:users=4,duration=30s"), HttpSender.Kind.SOCKET,
                Buckets.DEFAULT, 100);
        LoadGenerator g = LoadGenerator.create(o, null);
        Thread stopper = Thread.ofPlatform().start(() -> {
            try {
                Thread.sleep(2500);
            } catch (InterruptedException e) {
                return;
            }
            g.stop();
        });
        long t0 = System.nanoTime();
        LoadOutcome out = g.run();
        stopper.join();
        assertTrue(System.nanoTime() - t0 < 10_000_000_000L, "did not stop early");
        assertTrue(out.interrupted());
        List<Map<String, Object>> intervals = out.intervals();
        assertTrue(intervals.size() >= 2, intervals.toString());
        assertTrue(out.completed() > 0);
    }

    @Test
    void aServerThatGoesAwayMidRunCostsCountedConnectErrors() throws Exception {
        HttpTarget t = target("virtual", "thread/name", Duration.ofSeconds(2));
        // 5 s: a request the stopping server neither answers nor closes times out at about 3 s (stop
        // at 1 s, 2 s timeout), and its user must still be sending then, to meet the refused connect
        LoadOptions o = new LoadOptions(t, LoadSpec.parse("closed:users=2,duration=5s"), HttpSender.Kind.SOCKET,
                Buckets.DEFAULT, 100);
        LoadGenerator g = LoadGenerator.create(o, null);
        Thread killer = Thread.ofPlatform().start(() -> {
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                return;
            }
            server.stop(Duration.ZERO);
        });
        LoadOutcome out = g.run();
        killer.join();
        assertTrue(out.completed() > 0, "requests succeeded before the stop");
        Map<String, Long> errors = out.errorsByClass();
        assertTrue(errors.getOrDefault("connect", 0L) > 0, errors.toString());
        assertEquals(out.errors(), errors.values().stream().mapToLong(Long::longValue).sum());
    }

    @Test
    void probeRejectsWrongCredentials() {
        HttpTarget good = target("virtual", "thread/name", Duration.ofSeconds(5));
        HttpTarget bad = new HttpTarget(good.uri(), "hello", "wrong", good.timeout(), null);
        SpecException e = org.junit.jupiter.api.Assertions.assertThrows(SpecException.class,
                () -> HttpProbe.check(bad, HttpSender.Kind.SOCKET));
        assertTrue(e.getMessage().contains("401"), e.getMessage());
    }

    @Test
    void probeRejectsAnUnknownPath() {
        HttpTarget t = target("virtual", "nope", Duration.ofSeconds(5));
        SpecException e = org.junit.jupiter.api.Assertions.assertThrows(SpecException.class,
                () -> HttpProbe.check(t, HttpSender.Kind.JDK));
        assertTrue(e.getMessage().contains("404"), e.getMessage());
    }
}
