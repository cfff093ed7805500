package org.fiberbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fiberbench.result.RunDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Per-worker balance end to end, through the CLI and real forks: every executor kind writes a
 * {@code workers} section whose busy time is what its workers really did, and the table says
 * which kind of busy time the imbalance is made of.
 */
class BalanceCliTest {
    @TempDir
    Path tmp;

    /** Runs the CLI; returns what it printed on stdout (the table). */
    private static String run(String... args) {
        CliCapture.Outcome r = CliCapture.run(args);
        System.out.print(r.out());
        assertEquals(0, r.code(), r.err());
        return r.out();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Map<String, Object>> scenarios(Path out) throws Exception {
        List<Map<String, Object>> list = (List<Map<String, Object>>) RunDirectory.read(out.resolve("results.json")).get("scenarios");
        Map<String, Map<String, Object>> byExecutor = new java.util.LinkedHashMap<>();
        list.forEach(s -> byExecutor.put((String) s.get("executor"), s));
        return byExecutor;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Map<String, Object>> byWorker(Map<String, Object> scenario) {
        return (Map<String, Map<String, Object>>) workers(scenario).get("by_worker");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> workers(Map<String, Object> scenario) {
        return (Map<String, Object>) scenario.get("workers");
    }

    private static double busyMs(Map<String, Object> scenario) {
        return byWorker(scenario).values().stream().mapToDouble(m -> ((Number) m.get("busy_ms")).doubleValue()).sum();
    }

    private static long sum(Map<String, Object> scenario, String key) {
        return byWorker(scenario).values().stream().mapToLong(m -> ((Number) m.get(key)).longValue()).sum();
    }

    private static String row(String table, String executor) {
        return table.lines().filter(l -> l.trim().startsWith(executor + " ")).findFirst().orElse("");
    }

    @Test
    @SuppressWarnings("unchecked")
    void batchesOfSleepersChargeCarriersTheirMountsOrCpuAndPlatformThreadsTheSleep() throws Exception {
        Path out = tmp.resolve("batch");
        String table = run("run", "-e", "virtual:scheduler=fixed,carriers=4", "-e", "virtual", "-e", "platform:fixed=2",
                "-w", "sleep:ms=20", "-l", "batch:tasks=40", "--warmup", "0", "--iterations", "2", "--time", "200ms",
                "--out", out.toString());
        Map<String, Map<String, Object>> s = scenarios(out);

        Map<String, Object> fixed = s.get("virtual:scheduler=fixed,carriers=4");
        assertEquals("mounted_time", workers(fixed).get("busy"));
        assertEquals(List.of("fiberbench-carrier-0", "fiberbench-carrier-1", "fiberbench-carrier-2", "fiberbench-carrier-3"),
                List.copyOf(byWorker(fixed).keySet()));
        long tasks = sum(fixed, "tasks");
        assertTrue(tasks > 0 && tasks % 40 == 0, "whole batches of the last iteration: " + tasks);
        assertTrue(sum(fixed, "runs") >= 2 * tasks, "a start and a wake-up per task: " + byWorker(fixed));
        assertTrue(busyMs(fixed) < 0.25 * tasks * 20, "the sleeps are not the carriers' busy time: " + byWorker(fixed));
        assertTrue(((Map<String, Object>) fixed.get("metrics")).get("imbalance") instanceof Number);
        assertTrue(row(table, "virtual:scheduler=fixed,carriers=4").matches(".*imbalance=[0-9.]+\\(mounted\\).*"), table);

        Map<String, Object> jdk = s.get("virtual");
        assertEquals("cpu_time", workers(jdk).get("busy"));
        assertTrue(byWorker(jdk).keySet().stream().allMatch(k -> k.matches("ForkJoinPool-\\d+-worker-\\d+")), "" + byWorker(jdk));
        assertTrue(busyMs(jdk) < 0.25 * sum(jdk, "tasks") * 20, "" + byWorker(jdk));
        assertTrue(row(table, "virtual").matches(".*imbalance=[0-9.]+\\(cpu\\).*"), table);

        Map<String, Object> platform = s.get("platform:fixed=2");
        assertEquals("task_time", workers(platform).get("busy"));
        assertTrue(busyMs(platform) >= sum(platform, "tasks") * 20, "a platform thread is occupied by its sleeping task");
        assertTrue(row(table, "platform:fixed=2").matches(".*imbalance=[0-9.]+( .*|$)"), table);
    }

    @Test
    @SuppressWarnings("unchecked")
    void closedLoopOnCustomCarriersReportsMountedBalance() throws Exception {
        Path out = tmp.resolve("closed");
        String table = run("run", "-e", "virtual:scheduler=fixed,carriers=2", "-w", "sleep:ms=20",
                "-l", "closed:users=8,duration=1s", "--out", out.toString());
        Map<String, Object> s = scenarios(out).get("virtual:scheduler=fixed,carriers=2");
        assertEquals("mounted_time", workers(s).get("busy"));
        assertEquals(2, byWorker(s).size(), "" + byWorker(s));
        assertTrue(busyMs(s) < 0.25 * sum(s, "tasks") * 20, "" + byWorker(s));
        assertTrue(((Map<String, Object>) s.get("metrics")).get("imbalance") instanceof Number);
        assertTrue(row(table, "virtual:scheduler=fixed,carriers=2").contains("(mounted)"), table);
    }
}
