package org.fiberbench.engine;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.executor.WorkerFigures;
import org.fiberbench.http.Buckets;
import org.fiberbench.http.HttpWorkload;
import org.fiberbench.http.ServedServer;
import org.fiberbench.measure.Resources;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.result.ScenarioResult;
import org.fiberbench.spec.Spec;
import org.fiberbench.workload.WorkloadSpec;

/**
 * Seed 003's server scenario: a workload {@code http:url=/PATH} (relative) is served by fiberbench's
 * own server in a forked JVM whose requests run on the scenario's executor; the load generator runs
 * in another fork (the loop runner, on virtual threads) against it. The server's own resource
 * timeline, per-worker balance and request counter come from its {@code /stats} after the load.
 * Every other scenario goes to the runner this one wraps.
 */
final class ServedHttpRunner implements ScenarioRunner {
    static final String READY_PREFIX = "fiberbench: serving ";
    static final String USER = "hello";
    static final String PASSWORD = "world";
    static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    static final Duration SERVER_GRACE = Duration.ofSeconds(5);
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The server's resource figures put among the scenario's metrics (the same keys as any fork's). */
    static final List<String> SERVER_METRICS = List.of("threads_peak", "cpu_user_ms", "cpu_sys_ms", "cpu_util_pct",
            "cpu_ms_per_task", "heap_peak_bytes", "gc_count", "gc_time_ms", "alloc_bytes_per_task", "rss_peak_bytes");

    private final ScenarioRunner loops;

    ServedHttpRunner(ScenarioRunner loops) {
        this.loops = loops;
    }

    @Override
    public void check(Scenario s) {
        if (!HttpWorkload.isRelative(s.workload().canonical())) {
            loops.check(s);
        }
    }

    @Override
    public ScenarioResult run(Scenario s, String id, RunDirectory run) throws Exception {
        if (!HttpWorkload.isRelative(s.workload().canonical())) {
            return loops.run(s, id, run);
        }
        Path log = run.scenarioFile(id, "-server.log");
        ScenarioResult r = new ScenarioResult(id, s.executor().canonical(), s.workload().canonical(), s.load().canonical())
                .group(s.group()).jvmArgs(s.settings().jvmArgs());
        // the server module registers its main class; core knows it only through that registration
        String serverMain = ServedServer.mainClass().orElse(null);
        if (serverMain == null) {
            return r.failure("no HTTP server is registered on the class path (the server module's "
                    + "META-INF/services/" + ServedServer.class.getName() + "); run from fiberbench's jar");
        }
        r.file("server_log", "scenarios/" + log.getFileName());
        Process server = new ProcessBuilder(serverCommand(s, serverMain)).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        try {
            String base = awaitUrl(server, log);
            if (base == null) {
                return r.failure(ForkedLoopRunner.lastLine(log, "the server fork did not start within "
                        + START_TIMEOUT.toSeconds() + " s"));
            }
            Scenario generator = new Scenario(ExecutorSpec.parse("virtual"), absolute(s.workload(), base), s.load(),
                    s.settings().withJvmArgs(List.of()), s.group(), s.jdk());
            ScenarioResult inner = loops.run(generator, id, run);
            copy(inner, r);
            seedBuckets(r, run.scenarioFile(id, ".hlog"));
            r.config("server_executor", s.executor().canonical()).config("generator_executor",
                    HttpEngineRunner.engine(s).equals(HttpWorkload.BUILTIN) ? "virtual" : HttpEngineRunner.engine(s))
                    .config("generator_workload", generator.workload().canonical());
            addServerStats(r, base);
            return r;
        } finally {
            stop(server);
        }
    }

    private static List<String> serverCommand(Scenario s, String serverMain) {
        List<String> cmd = Defaults.javaCommand(s.jdk());
        cmd.addAll(s.settings().jvmArgs());
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(serverMain);
        cmd.add(s.executor().canonical());
        cmd.add("0");
        cmd.add(SERVER_GRACE.toSeconds() + "s");
        return cmd;
    }

    /** Waits for the server's "serving URL" line; null when it exits or does not start in time. */
    private static String awaitUrl(Process p, Path log) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline && p.isAlive()) {
            for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
                if (line.startsWith(READY_PREFIX)) {
                    String rest = line.substring(READY_PREFIX.length());
                    return rest.substring(0, rest.indexOf(' ')).replaceAll("/$", "");
                }
            }
            Thread.sleep(50);
        }
        return null;
    }

    /** {@code http:url=/x} → {@code http:url=http://127.0.0.1:PORT/x} with the server's credentials. */
    static WorkloadSpec absolute(WorkloadSpec relative, String base) {
        Spec s = relative.spec();
        StringBuilder sb = new StringBuilder("http:url=").append(base).append(s.params().get("url"));
        sb.append(",user=").append(USER).append(",password=").append(PASSWORD);
        for (String k : List.of("timeout", "expect", "client", "engine")) {
            if (s.has(k)) {
                sb.append(',').append(k).append('=').append(s.params().get(k));
            }
        }
        return WorkloadSpec.parse(sb.toString());
    }

    /**
     * The generator fork's figures that describe the server once it answers: its own resources go
     * to {@code generator_resources}, and its pinning (a load generator's, not the server's) is left out.
     */
    private static void copy(ScenarioResult from, ScenarioResult to) {
        from.metrics().forEach((k, v) -> {
            if (!SERVER_METRICS.contains(k) && !k.equals("pinned_count")) {
                to.metric(k, v);
            }
        });
        if (from.section("resources") instanceof Map<?, ?> res && res.get("summary") != null) {
            to.section("generator_resources", Map.of("summary", res.get("summary")));
        }
        to.iterations(from.iterationValues());
        to.section("jdk", from.section("jdk")); // the generator runs on the server's JDK: the scenario's
        to.section("latency", from.section("latency"));
        if (from.section("agents") != null) {
            to.section("agents", from.section("agents")); // another engine's breakdown by agent (engine=jmeter)
        }
        if (from.section("config") instanceof Map<?, ?> config) {
            config.forEach((k, v) -> to.config(String.valueOf(k), v));
        }
        // the fork's full resource timeline is the generator's: the server's is in the resources section
        if (from.section("files") instanceof Map<?, ?> files) {
            files.forEach((k, v) -> to.file(k.equals("timeline") ? "generator_timeline" : String.valueOf(k), String.valueOf(v)));
        }
        if (!from.termination().equals("normal")) {
            to.failure(from.failureReason());
        }
    }

    /** Seed 003's response-time ranges (< 500 ms, 500–1500 ms, >= 1500 ms) beside the loop's decades. */
    private static void seedBuckets(ScenarioResult r, Path hlog) throws IOException {
        if (!(r.section("latency") instanceof Map<?, ?> lat) || !Files.exists(hlog)) {
            return;
        }
        Map<String, Object> copy = new java.util.LinkedHashMap<>();
        lat.forEach((k, v) -> copy.put(String.valueOf(k), v));
        copy.put("buckets_decades", copy.get("buckets"));
        List<Map<String, Object>> seed = new ArrayList<>(Buckets.DEFAULT.count(Buckets.measuredFromHlog(hlog)));
        Map<String, Object> errors = new java.util.LinkedHashMap<>(); // upper_ns null, as results.schema.json wants it
        errors.put("label", "errors");
        errors.put("upper_ns", null);
        errors.put("count", copy.getOrDefault("errors", 0));
        seed.add(errors);
        copy.put("buckets", seed);
        r.section("latency", copy);
    }

    /**
     * What the server's {@code /stats} says that the scenario keeps, read into typed records (the
     * server makes them with the same types); the rest of the answer is not read.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record ServerStats(long requests, Resources resources, WorkerFigures workers) {
    }

    /** The server's resources, workers and request counter, read once the load has drained. */
    private static void addServerStats(ScenarioResult r, String base) {
        try (HttpClient c = HttpClient.newHttpClient()) {
            HttpRequest req = HttpRequest.newBuilder(URI.create(base + "/stats?timeline=true")).timeout(Duration.ofSeconds(30))
                    .header("Authorization", "Basic " + java.util.Base64.getEncoder()
                            .encodeToString((USER + ":" + PASSWORD).getBytes(StandardCharsets.UTF_8))).build();
            HttpResponse<String> resp = c.send(req, HttpResponse.BodyHandlers.ofString());
            ServerStats stats = JSON.readValue(resp.body(), ServerStats.class);
            r.section("resources", stats.resources().toMap());
            r.section("workers", stats.workers().toMap());
            r.metric("server_requests", stats.requests());
            Map<String, Object> summary = stats.resources().summary().toMap();
            for (String k : SERVER_METRICS) {
                if (summary.get(k) != null) {
                    r.metric(k, summary.get(k));
                }
            }
        } catch (IOException | RuntimeException e) {
            r.metric("warning", "server /stats unavailable: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** SIGTERM (graceful), then kill after the grace period: never leaves a server behind. */
    private static void stop(Process server) throws InterruptedException {
        server.destroy();
        if (!server.waitFor(SERVER_GRACE.toSeconds() + 5, TimeUnit.SECONDS)) {
            server.destroyForcibly();
            server.waitFor(5, TimeUnit.SECONDS);
        }
    }
}
