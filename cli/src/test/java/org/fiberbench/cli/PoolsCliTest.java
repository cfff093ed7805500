package org.fiberbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.fiberbench.result.RunDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The process pool, its workloads and sweeps through the real CLI, JMH forks and worker JVMs. */
class PoolsCliTest {
    private static final String[] TINY = {"--warmup", "0", "--iterations", "1", "--time", "300ms"};

    private static int run(Path out, String... args) {
        List<String> all = new java.util.ArrayList<>(List.of("run"));
        all.addAll(List.of(args));
        all.addAll(List.of(TINY));
        all.addAll(List.of("--out", out.toString()));
        return Main.execute(all.toArray(String[]::new));
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> scenarios(Path out) throws Exception {
        return (List<Map<String, Object>>) RunDirectory.read(out.resolve("results.json")).get("scenarios");
    }

    private static void assertNoChildProcessLeft() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (ProcessHandle.current().descendants().anyMatch(ProcessHandle::isAlive) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertEquals(List.of(), ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).toList());
    }

    @Test
    @SuppressWarnings("unchecked")
    void processPoolScenarioReportsPerWorkerBalance(@TempDir Path out) throws Exception {
        assertEquals(0, run(out, "-e", "process:workers=2,dispatch=shared", "-w", "primes:range=0..100000",
                "-l", "batch:tasks=40"));
        Map<String, Object> s = scenarios(out).get(0);
        assertEquals("normal", s.get("termination"), String.valueOf(s.get("failure")));
        Map<String, Object> workers = (Map<String, Object>) s.get("workers");
        assertEquals(List.of("worker-0", "worker-1"), List.copyOf(((Map<String, Object>) workers.get("by_worker")).keySet()));
        assertNotNull(((Map<String, Object>) s.get("metrics")).get("imbalance"));
        assertNoChildProcessLeft();
    }

    @Test
    @SuppressWarnings("unchecked")
    void workerSweepRunsAnInlineBaselineAndReportsSpeedup(@TempDir Path out) throws Exception {
        assertEquals(0, run(out, "-e", "process:workers=1,dispatch=static", "-w", "primes:range=0..100000",
                "-l", "batch:tasks=20", "--sweep", "workers=1..2"));
        List<Map<String, Object>> s = scenarios(out);
        assertEquals(List.of("inline", "process:workers=1,dispatch=static", "process:workers=2,dispatch=static"),
                s.stream().map(m -> m.get("executor")).toList());
        Map<String, Object> metrics = (Map<String, Object>) s.get(2).get("metrics");
        assertTrue(metrics.get("speedup") instanceof Number, metrics.toString());
        assertTrue(metrics.get("parallel_efficiency") instanceof Number, metrics.toString());
        assertEquals(Map.of("param", "workers", "value", 2), s.get(2).get("sweep"));
        List<Map<String, Object>> sweeps = (List<Map<String, Object>>) RunDirectory.read(out.resolve("results.json")).get("sweeps");
        assertEquals(List.of(1, 2), sweeps.get(0).get("values"));
    }

    @Test
    void badPoolInputIsOneLineAndExitStatus2(@TempDir Path out) {
        assertEquals(2, run(out, "-e", "process:workers=0"));
        assertEquals(2, run(out, "-e", "inline", "-w", "primes:range=9..1"));
        assertEquals(2, run(out, "-e", "inline", "-w", "file:writes="));
        assertEquals(2, run(out, "-e", "inline", "-w", "file", "--dir", out.resolve("missing").toString()));
        assertEquals(2, run(out, "-e", "inline", "--sweep", "colours=1..3"));
        assertEquals(2, run(out, "-e", "inline", "--sweep", "workers=1..3"));
    }
}
