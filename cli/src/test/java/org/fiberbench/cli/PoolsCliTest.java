package org.fiberbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.fiberbench.result.RunDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The process pool, its workloads and sweeps through the real CLI, JMH forks and worker JVMs. */
class PoolsCliTest {
    @org.junit.jupiter.api.BeforeAll
    static void shareTheMachine() {
        // other JMH runs on this machine may hold /tmp/jmh.lock; every scenario forks its own JVM anyway
        System.setProperty("jmh.ignoreLock", "true");
    }

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
    void processPoolScenarioReportsPerWorkerBalance() throws Exception {
        // 2 workers, a shared queue, a primes batch of 40: the run ResultsSchemaTest validates too
        SharedRuns.Made made = SharedRuns.processPool();
        assertEquals(0, made.code(), made.outcome().err());
        Map<String, Object> s = scenarios(made.dir()).get(0);
        assertEquals("batch:tasks=40", s.get("load"));
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
    void badPoolInputIsOneLineAndExitStatus2AndWritesNothing(@TempDir Path tmp) {
        Path out = tmp.resolve("run");
        for (String[] bad : new String[][] {{"process:workers=0", "-w", "noop"}, {"inline", "-w", "primes:range=9..1"},
            {"inline", "-w", "primes:range="}, {"inline", "-w", "primes:draws=0"}, {"inline", "-w", "file:writes="}, {"inline", "-w", "file:writes=7..3"},
            {"inline", "-w", "file", "--dir", tmp.resolve("missing").toString()}, {"inline", "-w", "file", "--dir", "/proc"},
            {"inline", "--sweep", "colours=1..3"}, {"inline", "--sweep", "workers=1..3"}}) {
            StringWriter err = new StringWriter();
            List<String> args = new java.util.ArrayList<>(List.of("run", "-e"));
            args.addAll(List.of(bad));
            args.addAll(List.of("--out", out.toString()));
            assertEquals(2, Main.execute(err, args.toArray(String[]::new)), String.join(" ", bad));
            String text = err.toString().trim();
            assertEquals(1, text.lines().count(), text);
            assertTrue(text.startsWith("fiberbench: ") && (text.contains("accepted") || text.contains("applies to")), text);
            assertFalse(Files.exists(out), "nothing written for " + String.join(" ", bad));
        }
    }

    /** Worker JVMs among this JVM's descendants (found by their main class on the command line). */
    private static List<ProcessHandle> workers() {
        return ProcessHandle.current().descendants().filter(p -> {
            try {
                return Files.readString(Path.of("/proc", Long.toString(p.pid()), "cmdline")).contains("ProcessWorkerMain");
            } catch (java.io.IOException | RuntimeException gone) {
                return false;
            }
        }).toList();
    }

    private static List<ProcessHandle> awaitWorkers(int n) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        List<ProcessHandle> w = workers();
        while (w.size() < n && System.nanoTime() < deadline) {
            Thread.sleep(50);
            w = workers();
        }
        assertEquals(n, w.size(), "worker JVMs started");
        return w;
    }

    /** Waits until the worker {@code pid} has written into its task directory under {@code files}. */
    private static void awaitTaskFiles(Path files, long pid) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (System.nanoTime() < deadline) {
            try (var walk = Files.walk(files)) {
                if (walk.anyMatch(p -> Files.isRegularFile(p)
                        && p.getParent().getFileName().toString().startsWith("fiberbench-file-" + pid + "-"))) {
                    return;
                }
            } catch (IOException | java.io.UncheckedIOException e) {
                // a file went away while walking: look again
            }
            Thread.sleep(20);
        }
        throw new AssertionError("worker " + pid + " wrote no task file");
    }

    @Test
    @SuppressWarnings("unchecked")
    void killedWorkerFailsTheScenarioWithItsPidAndLeavesNoProcessNorFile(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("run");
        Path files = Files.createDirectory(tmp.resolve("files"));
        Thread killer = Thread.ofPlatform().daemon().start(() -> {
            try {
                ProcessHandle victim = awaitWorkers(2).get(0);
                awaitTaskFiles(files, victim.pid()); // it started and has tasks in flight (a slow start is no death)
                victim.destroyForcibly(); // SIGKILL, as kill -9
            } catch (InterruptedException | AssertionError e) {
                // the scenario then ends normally and the assertions below say so
            }
        });
        // each task writes a few hundred thousand times: the victim dies with its file half written
        assertEquals(1, Main.execute("run", "-e", "process:workers=2,dispatch=shared", "-w", "file:writes=100000..200000",
                "-l", "batch:tasks=10", "--dir", files.toString(), "--warmup", "0", "--iterations", "3", "--time", "1s",
                "--out", out.toString()));
        killer.join(10_000);
        Map<String, Object> s = scenarios(out).get(0);
        assertEquals("failure", s.get("termination"));
        String reason = String.valueOf(s.get("failure"));
        assertTrue(reason.matches(".*worker-\\d \\(pid \\d+\\) died.*exit status 137.*"), reason);
        assertNoChildProcessLeft();
        // the killed worker could not clean up: its parent removed its task directory
        try (var left = Files.walk(files)) {
            assertEquals(List.of(files), left.toList());
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void stoppedRunWithAProcessPoolLeavesNoWorkerAndNoFileBehind(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("run");
        Path files = Files.createDirectory(tmp.resolve("files"));
        List<String> cmd = CliCapture.command(List.of("-Djmh.ignoreLock=true"), "run",
                "-e", "process:workers=2,dispatch=static", "-w", "file:writes=20000..30000", "-l", "batch:tasks=200",
                "--dir", files.toString(), "--warmup", "0", "--iterations", "30", "--time", "1s", "--out", out.toString());
        Process cli = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(tmp.resolve("log.txt").toFile()).start();
        List<ProcessHandle> all;
        try {
            awaitWorkers(2);
            Thread.sleep(500);
            all = cli.descendants().toList(); // the JMH fork and its two workers
            cli.destroy(); // SIGTERM: what Ctrl-C does too
            assertTrue(cli.waitFor(30, TimeUnit.SECONDS), "the run stops");
        } finally {
            cli.destroyForcibly();
        }
        assertTrue(all.size() >= 3, all.toString());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (all.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertEquals(List.of(), all.stream().filter(ProcessHandle::isAlive).toList(), "processes left behind");
        Map<String, Object> s = scenarios(out).get(0);
        assertEquals("interrupted", s.get("termination"));
        // the fork and both workers were writing files: their task directories went with them
        try (var left = Files.walk(files)) {
            assertEquals(List.of(files), left.toList());
        }
    }

    @Test
    void fileWorkloadLeavesNothingInItsDirectoryWhateverRunsIt(@TempDir Path tmp) throws Exception {
        Path files = Files.createDirectory(tmp.resolve("files"));
        assertEquals(0, run(tmp.resolve("run"), "-e", "inline", "-e", "platform:fixed=2", "-e", "process:workers=2,dispatch=static",
                "-w", "file:writes=100..200,1000..2000", "-l", "batch:tasks=20", "--dir", files.toString()));
        for (Map<String, Object> s : scenarios(tmp.resolve("run"))) {
            assertEquals("normal", s.get("termination"), String.valueOf(s.get("failure")));
            assertTrue(String.valueOf(s.get("workload")).endsWith(",dir=" + files), String.valueOf(s.get("workload")));
        }
        assertNoChildProcessLeft();
        try (var left = Files.walk(files)) {
            assertEquals(List.of(files), left.toList());
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void processPoolUnderAClosedLoopReportsItsBalance() throws Exception {
        // the shared process-pool run's second scenario: 2 workers, a shared queue, a closed loop of 2 users for 1 s
        SharedRuns.Made made = SharedRuns.processPool();
        assertEquals(0, made.code(), made.outcome().err());
        Map<String, Object> s = scenarios(made.dir()).get(1);
        assertEquals("closed:users=2,duration=1s", s.get("load"));
        assertEquals("normal", s.get("termination"), String.valueOf(s.get("failure")));
        Map<String, Object> byWorker = (Map<String, Object>) ((Map<String, Object>) s.get("workers")).get("by_worker");
        assertEquals(List.of("worker-0", "worker-1"), List.copyOf(byWorker.keySet()));
        assertTrue(((Map<String, Object>) s.get("metrics")).get("imbalance") instanceof Number, s.get("metrics").toString());
        assertNoChildProcessLeft();
    }

    @Test
    void workerCommandAnswersTasksAndExitsAtEndOfInput() throws Exception {
        Process w = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "worker").start();
        try (var in = w.getOutputStream()) {
            // 1000003 is prime; the fail workload fails every task: both answers come back, in order
            in.write("W 0 primes:range=1000003..1000003\nT 0 0 7\nW 1 fail:every=1\nT 1 1 0\n".getBytes());
        }
        List<String> lines = new String(w.getInputStream().readAllBytes()).lines().toList();
        assertTrue(w.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, w.exitValue());
        assertEquals(3, lines.size(), lines.toString());
        assertEquals("H " + w.pid(), lines.get(0));
        assertTrue(lines.get(1).matches("R 0 \\d+"), lines.get(1));
        assertTrue(lines.get(2).startsWith("E 1 ") && lines.get(2).contains("failed on purpose"), lines.get(2));
    }

    @Test
    void workerToldToQuitDropsItsQueuedTasks() throws Exception {
        Process w = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "worker").start();
        try (var in = w.getOutputStream()) {
            // the first task sleeps while the rest wait in the worker's queue; Q drops them
            in.write("W 0 sleep:ms=300\nT 0 0 0\nT 1 0 1\nT 2 0 2\nT 3 0 3\nQ\n".getBytes());
        }
        List<String> lines = new String(w.getInputStream().readAllBytes()).lines().toList();
        assertTrue(w.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, w.exitValue());
        assertTrue(lines.size() <= 2, "only the task under way is answered: " + lines);
    }
}
