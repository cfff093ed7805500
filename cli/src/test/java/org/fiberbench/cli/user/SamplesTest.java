package org.fiberbench.cli.user;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.fiberbench.cli.CliCapture;
import org.fiberbench.cli.Main;
import org.fiberbench.server.ServerMain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The samples project builds with Maven against the installed fiberbench-api, and each sample runs on
 * virtual threads, a platform pool and two worker processes in a batch, and under open load on one of
 * them, a different one each: every sample meets every executor and both load models, and every
 * executor both load models. The HTTP sample calls a real {@code fiberbench serve} on loopback, the
 * pinning sample shows its own frame in the pinning report.
 */
class SamplesTest {
    private static final String PKG = "org.fiberbench.samples.";
    private static final String VIRTUAL = "virtual";
    private static final String PLATFORM = "platform:fixed=4";
    private static final String PROCESS = "process:workers=2";
    private static final String OPEN = "open:rate=20,duration=500ms";

    @TempDir
    Path tmp;

    @Test
    @SuppressWarnings("unchecked")
    void samplesBuildAndRunInBatchAndOpenLoadOnThreeExecutors() throws Exception {
        List<Map<String, Object>> scenarios = new ArrayList<>();
        Path jar = Samples.build(tmp.resolve("mvn.log"));
        try (Serve serve = Serve.start(tmp.resolve("serve.log"))) {
            String parse = "class:name=" + PKG + "ParseOrders,jar=" + jar + ",lines=50";
            String http = "class:name=" + PKG + "HttpCall,jar=" + jar + ",url=" + serve.url + "thread/benchmark?ms=5";
            String pinned = "class:name=" + PKG + "PinnedCarrier,ms=25";
            scenarios.addAll(run(jar, "batch", List.of(VIRTUAL, PLATFORM, PROCESS), List.of(parse, http, pinned),
                    "batch:tasks=20"));
            scenarios.addAll(run(jar, "open-virtual", List.of(VIRTUAL), List.of(pinned), OPEN));
            scenarios.addAll(run(jar, "open-platform", List.of(PLATFORM), List.of(parse), OPEN));
            scenarios.addAll(run(jar, "open-process", List.of(PROCESS), List.of(http), OPEN));
        }
        assertEquals(3 * 3 + 3, scenarios.size());
        Map<String, Object> pinned = scenarios.stream()
                .filter(s -> s.get("executor").equals("virtual") && ((String) s.get("workload")).contains("PinnedCarrier")
                        && ((String) s.get("load")).startsWith("batch"))
                .findFirst().orElseThrow();
        assertTrue(((Number) ClassWorkloadRunTest.metrics(pinned).get("pinned_count")).longValue() > 0, pinned.toString());
        List<Map<String, Object>> stacks = (List<Map<String, Object>>) ((Map<String, Object>) pinned.get("pinning"))
                .get("top_stacks");
        assertNotNull(stacks);
        assertTrue(stacks.get(0).get("stack").toString().contains(PKG + "PinnedCarrier$Slow.<clinit>"),
                "the user's own frame in the pinning report: " + stacks.get(0));
    }

    /**
     * Every executor × workload under {@code load} in one run with the samples' jar on the class path; its scenarios,
     * each normal and without errors.
     */
    private List<Map<String, Object>> run(Path jar, String name, List<String> executors, List<String> workloads, String load)
            throws Exception {
        Path out = tmp.resolve(name);
        List<String> args = new ArrayList<>(List.of("run"));
        executors.forEach(e -> args.addAll(List.of("-e", e)));
        workloads.forEach(w -> args.addAll(List.of("-w", w)));
        args.addAll(List.of("-l", load, "--classpath", jar.toString(), "--warmup", "0", "--iterations", "1", "--time", "200ms",
                "--gc", "false", "--out", out.toString()));
        StringWriter err = new StringWriter();
        int code = Main.execute(err, args.toArray(String[]::new));
        assertTrue(Files.exists(out.resolve("results.json")), name + ": exit " + code + ", " + err);
        List<Map<String, Object>> scenarios = ClassWorkloadRunTest.scenarios(out);
        assertEquals(executors.size() * workloads.size(), scenarios.size(), name);
        for (Map<String, Object> s : scenarios) {
            String what = s.get("executor") + " × " + s.get("workload") + " × " + s.get("load");
            assertEquals("normal", s.get("termination"), what + ": " + s.get("failure"));
            Object errors = ClassWorkloadRunTest.metrics(s).get("errors");
            assertTrue(errors == null || ((Number) errors).longValue() == 0, what + ": errors=" + errors);
        }
        assertEquals(0, code, name + ": " + err);
        return scenarios;
    }

    /** {@code fiberbench serve} as a process of its own, on an ephemeral loopback port. */
    static final class Serve implements AutoCloseable {
        final Process process;
        final String url;

        private Serve(Process process, String url) {
            this.process = process;
            this.url = url;
        }

        static Serve start(Path log) throws IOException, InterruptedException {
            List<String> cmd = CliCapture.command("serve", "-e", "virtual", "--port", "0", "--no-auth");
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (System.nanoTime() < deadline && p.isAlive()) {
                for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
                    if (line.startsWith(ServerMain.READY_PREFIX)) {
                        String u = line.substring(ServerMain.READY_PREFIX.length()).split(" ")[0];
                        return new Serve(p, u.endsWith("/") ? u : u + "/");
                    }
                }
                Thread.sleep(50);
            }
            p.destroyForcibly();
            throw new IllegalStateException("serve did not start: " + Files.readString(log, StandardCharsets.UTF_8));
        }

        @Override
        public void close() throws InterruptedException {
            process.destroy();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }
}
