package org.fiberbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fiberbench.result.RunDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** End to end through picocli, the engine and real JMH forks. Short iterations keep each run to seconds. */
class RunCommandTest {
    private static final String[] SHORT = {"--warmup", "0", "--iterations", "2", "--time", "200ms"};

    @TempDir
    static Path shared;
    @TempDir
    Path tmp;

    private static String[] args(Path out, String... rest) {
        String[] a = new String[rest.length + SHORT.length + 3];
        a[0] = "run";
        System.arraycopy(rest, 0, a, 1, rest.length);
        System.arraycopy(SHORT, 0, a, 1 + rest.length, SHORT.length);
        a[a.length - 2] = "--out";
        a[a.length - 1] = out.toString();
        return a;
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> scenarios(Path out) throws Exception {
        Map<String, Object> doc = RunDirectory.read(out.resolve("results.json"));
        assertEquals(1, doc.get("format_version"));
        return (List<Map<String, Object>>) doc.get("scenarios");
    }

    @SuppressWarnings("unchecked")
    private static double score(Map<String, Object> scenario) {
        return ((Number) ((Map<String, Object>) scenario.get("metrics")).get("score")).doubleValue();
    }

    @Test
    @SuppressWarnings("unchecked")
    void batchScenarioRunsThroughJmhAndIsReadBack() throws Exception {
        // the run ResultsSchemaTest validates too: this batch, then a closed and an open loop of the same workload
        SharedRuns.Made made = SharedRuns.batchClosedOpen();
        assertEquals(0, made.code(), made.outcome().err());
        Path out = made.dir();
        var s = scenarios(out).get(0);
        assertEquals("virtual:scheduler=forkjoin,carriers=2", s.get("executor"));
        assertEquals("cpu:iterations=1000", s.get("workload"));
        assertEquals("batch:tasks=50", s.get("load"));
        assertEquals("normal", s.get("termination"));
        assertEquals(3, scenarios(out).size());
        var metrics = (Map<String, Object>) s.get("metrics");
        assertEquals("ms/op", metrics.get("score_unit"));
        assertTrue(score(s) > 0);
        assertEquals(2, ((List<?>) s.get("iterations")).size(), "raw iteration values kept");
        assertEquals("jmh", ((Map<String, Object>) s.get("config")).get("runner"));
        assertTrue(Files.size(out.resolve("results.csv")) > 0);
        assertTrue(Files.readString(out.resolve("report.html")).contains("01-virtual-scheduler-forkjoin"),
                "the report is written at the end of the run");
        Map<String, Object> doc = RunDirectory.read(out.resolve("results.json"));
        assertTrue(((Map<String, Object>) doc.get("environment")).containsKey("cpu"));
        assertTrue(doc.get("finished_at") != null);
    }

    @Test
    @SuppressWarnings("unchecked")
    void schedulerClassFromTheClassPathCarriesTheVirtualThreadsOfABatch() throws Exception {
        Path out = tmp.resolve("class");
        // any Executor class with a public (int) constructor: here the JDK's own ForkJoinPool
        int code = Main.execute(args(out, "-e", "virtual:scheduler=java.util.concurrent.ForkJoinPool,carriers=2",
                "-w", "cpu:iterations=20000", "-l", "batch:tasks=200"));
        assertEquals(0, code);
        var s = scenarios(out).get(0);
        assertEquals("virtual:scheduler=java.util.concurrent.ForkJoinPool,carriers=2", s.get("executor"));
        var byWorker = (Map<String, Object>) ((Map<String, Object>) s.get("workers")).get("by_worker");
        assertTrue(!byWorker.isEmpty() && byWorker.keySet().stream().allMatch(k -> k.matches("ForkJoinPool-\\d+-worker-\\d+")),
                "the carriers are the class's own threads: " + byWorker.keySet());
        var perPool = byWorker.keySet().stream().collect(java.util.stream.Collectors.groupingBy(
                k -> k.substring(0, k.indexOf("-worker-")), java.util.stream.Collectors.counting()));
        assertTrue(perPool.values().stream().allMatch(n -> n <= 2), "each batch's pool has its 2 carriers: " + perPool);
    }

    private static Integer failThenSleepCode;

    /**
     * platform:fixed=2 and virtual × fail:every=2, then × sleep:ms=100, each a batch of 6 tasks: made once, read by
     * two tests (the failures and the run going on; the sleeps' physics).
     */
    private static synchronized int failThenSleep() {
        if (failThenSleepCode == null) {
            failThenSleepCode = Main.execute(args(shared.resolve("fail-then-sleep"), "-e", "platform:fixed=2", "-e", "virtual",
                    "-w", "fail:every=2", "-w", "sleep:ms=100", "-l", "batch:tasks=6"));
        }
        return failThenSleepCode;
    }

    @Test
    void sleepingBatchCannotScoreBelowItsSleep() throws Exception {
        failThenSleep();
        var list = scenarios(shared.resolve("fail-then-sleep"));
        // 6 tasks of 100 ms on 2 threads need at least 3 rounds: 300 ms; on virtual threads at least 100 ms
        assertEquals("platform:fixed=2 × sleep:ms=100", list.get(2).get("executor") + " × " + list.get(2).get("workload"));
        assertEquals("virtual × sleep:ms=100", list.get(3).get("executor") + " × " + list.get(3).get("workload"));
        assertEquals("normal", list.get(2).get("termination"), String.valueOf(list.get(2).get("failure")));
        assertEquals("normal", list.get(3).get("termination"), String.valueOf(list.get(3).get("failure")));
        assertTrue(score(list.get(2)) >= 300, "fixed=2 scored " + score(list.get(2)));
        assertTrue(score(list.get(3)) >= 100, "virtual scored " + score(list.get(3)));
        assertTrue(score(list.get(3)) < score(list.get(2)), "virtual threads overlap the sleeps");
    }

    @Test
    @SuppressWarnings("unchecked")
    void failingWorkloadEndsScenarioAsFailureAndRunGoesOn() throws Exception {
        assertEquals(1, failThenSleep(), "a failed scenario makes the run exit 1");
        var list = scenarios(shared.resolve("fail-then-sleep"));
        assertEquals(4, list.size(), "the run went on after the failures");
        assertEquals("failure", list.get(0).get("termination"));
        assertTrue(String.valueOf(list.get(0).get("failure")).contains("3 of 6 tasks failed"),
                String.valueOf(list.get(0).get("failure")));
        assertEquals("failure", list.get(1).get("termination"));
        assertEquals("normal", list.get(2).get("termination"));
        assertFalse(((Map<String, Object>) list.get(0).get("metrics")).containsKey("score"), "a failure never scores");
    }

    @Test
    void hangingTasksFailTheScenarioAfterTheTimeout() throws Exception {
        Path out = tmp.resolve("hang");
        int code = Main.execute(args(out, "-e", "virtual", "-w", "sleep:ms=60000", "-l", "batch:tasks=3",
                "--timeout", "1s"));
        assertEquals(1, code);
        var s = scenarios(out).get(0);
        assertEquals("failure", s.get("termination"));
        assertTrue(String.valueOf(s.get("failure")).contains("3 of 3 tasks did not finish"), String.valueOf(s.get("failure")));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "-e bogus | unknown executor kind 'bogus'",
        "-e virtual -w cpu:iterations=0 | key 'iterations': 0 is out of range",
        "-e virtual -l batch:tasks=-1 | key 'tasks': -1 is out of range",
        "-e virtual -l batch | needs tasks=N",
        "-e virtual:scheduler=fixed,carriers=100000 | 100000 is out of range; accepted: 1..10000",
        "-e virtual --forks 0 | --forks 0 is out of range",
        "-e virtual --mode sample | --mode 'sample' is not accepted; accepted: avgt, thrpt",
        "-e virtual --time 1x | '1x' is not a duration",
        "nosuchsuite | unknown suite 'nosuchsuite'; accepted: ",
        "-e virtual --jvm-args -Xmx1q | --jvm-args '-Xmx1q' are rejected by the JVM",
        "-e virtual --jvm-args -XX:+NoSuchFlag | Unrecognized VM option 'NoSuchFlag'",
        "-e virtual --time 0s | --time 0s is out of range; accepted: a duration > 0",
        "-e virtual --warmup -1 | --warmup -1 is out of range; accepted: 0..1000",
        "-e virtual --iterations 0 | --iterations 0 is out of range; accepted: 1..1000",
        "-e virtual --threads 0 | --threads 0 is out of range",
        "-e virtual --forks x | 'x' is not an int",
        "threads --quick --full | mutually exclusive",
        "-e virtual:foo=1 | has no key 'foo'; accepted keys: scheduler, carriers",
        "-e virtual -w sleep:ms=-1 | key 'ms': -1 is out of range",
        "-e virtual -w nope | unknown workload kind 'nope'",
        "-e virtual -l nope:x=1 | unknown load kind 'nope'; accepted: batch, closed, open",
        "-e virtual -l open:rate=0,duration=1s | key 'rate': 0 is out of range; accepted: > 0.0",
        "-e virtual -l open:rate=-5,duration=1s | key 'rate': -5 is out of range",
        "-e virtual -l open:rate=10,duration=0s | key 'duration': must be > 0",
        "-e virtual -l open:rate=10,duration=-1s | key 'duration': -1s is negative",
        "-e virtual -l closed:users=0,duration=1s | key 'users': 0 is out of range; accepted: 1..",
        "-e virtual -l closed:users=2,duration=1s,warmup=1s | key 'warmup': 1s must be shorter than duration 1s",
        "-e virtual -l open:rate=10,duration=2s,warmup=3s | key 'warmup': 3s must be shorter than duration 2s",
        "-e virtual -l open:rate=10,duration=1s,arrival=bursty | 'bursty' is not accepted; accepted: uniform, poisson",
        "-e virtual --sweep rate=10,20 --sla p95=10ms | --sla: unknown percentile 'p95'; accepted: p50, p90, p99",
        "-e virtual --sweep rate=0..10:5 | --sweep rate: 0 is out of range",
    })
    void badInputIsOneLineExit2AndWritesNothing(String argLine, String expected) {
        Path out = tmp.resolve("bad");
        StringWriter err = new StringWriter();
        String[] parts = argLine.trim().split(" ");
        String[] a = new String[parts.length + 3];
        a[0] = "run";
        System.arraycopy(parts, 0, a, 1, parts.length);
        a[a.length - 2] = "--out";
        a[a.length - 1] = out.toString();
        int code = Main.execute(err, a);
        assertEquals(2, code, err.toString());
        String msg = err.toString().trim();
        assertTrue(msg.contains(expected), msg);
        assertEquals(1, msg.lines().count(), "one line: " + msg);
        assertFalse(msg.contains("at org."), "no stack trace");
        assertFalse(Files.exists(out), "nothing written");
    }

    @Test
    void customSchedulerOnAJvmWithoutTheOpenedPackageIsOneLineExit2() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeFalse("public".equals(org.fiberbench.executor.VirtualThreads.mechanism()),
                "this JDK has the public scheduler(Executor) and needs no opened package");
        Path out = tmp.resolve("closed");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "run",
                "-e", "virtual:scheduler=fixed,carriers=1", "--out", out.toString()).redirectErrorStream(true).start();
        String msg = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).trim();
        assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS));
        assertEquals(2, p.exitValue(), msg);
        assertEquals(1, msg.lines().count(), msg);
        assertTrue(msg.contains("custom virtual-thread schedulers are unavailable")
                && msg.contains("--add-opens java.base/java.lang=ALL-UNNAMED"), msg);
        assertFalse(Files.exists(out), "nothing written");
    }
}
