package org.fiberbench.cli.user;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.fiberbench.cli.CliCapture;
import org.fiberbench.cli.Main;
import org.fiberbench.server.ServerMain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The samples project builds with Maven against the installed fiberbench-api, and each sample runs
 * through batch and open load on virtual threads, a platform pool and two worker processes: the
 * HTTP sample against a real {@code fiberbench serve} on loopback, the pinning sample with its own
 * frame in the pinning report.
 */
class SamplesTest {
    private static final String PKG = "org.fiberbench.samples.";

    @TempDir
    Path tmp;

    @Test
    @SuppressWarnings("unchecked")
    void samplesBuildAndRunInBatchAndOpenLoadOnThreeExecutors() throws Exception {
        Path jar = Samples.build(tmp.resolve("mvn.log"));
        Path out = tmp.resolve("run");
        StringWriter err = new StringWriter();
        int code;
        try (Serve serve = Serve.start(tmp.resolve("serve.log"))) {
            code = Main.execute(err, "run", "-e", "virtual", "-e", "platform:fixed=4", "-e", "process:workers=2",
                    "-w", "class:name=" + PKG + "ParseOrders,jar=" + jar + ",lines=50",
                    "-w", "class:name=" + PKG + "HttpCall,jar=" + jar + ",url=" + serve.url + "thread/benchmark?ms=5",
                    "-w", "class:name=" + PKG + "PinnedCarrier,ms=25", "--classpath", jar.toString(),
                    "-l", "batch:tasks=20", "-l", "open:rate=20,duration=500ms",
                    "--warmup", "0", "--iterations", "1", "--time", "200ms", "--out", out.toString());
        }
        assertEquals(0, code, err.toString());
        List<Map<String, Object>> scenarios = ClassWorkloadRunTest.scenarios(out);
        assertEquals(3 * 2 * 3, scenarios.size());
        for (Map<String, Object> s : scenarios) {
            String what = s.get("executor") + " × " + s.get("workload") + " × " + s.get("load");
            assertEquals("normal", s.get("termination"), what + ": " + s.get("failure"));
            Object errors = ClassWorkloadRunTest.metrics(s).get("errors");
            assertTrue(errors == null || ((Number) errors).longValue() == 0, what + ": errors=" + errors);
        }
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
