package org.fiberbench.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.fiberbench.spec.SpecException;
import org.fiberbench.workload.Workload;
import org.fiberbench.workload.WorkloadSpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcessTaskExecutorTest {

    @AfterEach
    void stopWorkers() {
        ProcessWorkerPool.stopAll();
        assertEquals(0, liveDescendants(), "worker processes left behind");
    }

    private static long liveDescendants() {
        return ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).count();
    }

    private static ProcessTaskExecutor create(String spec) {
        return (ProcessTaskExecutor) ExecutorSpec.parse(spec).create();
    }

    private static Collector runAll(ProcessTaskExecutor ex, String workload, int tasks) throws Exception {
        Workload w = WorkloadSpec.parse(workload).create();
        Collector c = new Collector(tasks);
        for (int i = 0; i < tasks; i++) {
            ex.submit(w, i, c);
        }
        c.await();
        return c;
    }

    @Test
    void runsTasksInWorkerProcessesThatReportTheirPid() throws Exception {
        try (ProcessTaskExecutor ex = create("process:workers=2,dispatch=shared")) {
            List<Long> pids = ex.workerPids();
            assertEquals(2, pids.size());
            for (long pid : pids) {
                assertNotEquals(ProcessHandle.current().pid(), pid);
                assertTrue(ProcessHandle.current().descendants().anyMatch(p -> p.pid() == pid), "not a child: " + pid);
            }
            Collector c = runAll(ex, "fail:every=1", 4);
            assertEquals(4, c.errors.size());
            String message = c.errors.get(0).getMessage();
            assertTrue(message.contains("failed on purpose"), message);
            assertTrue(pids.stream().anyMatch(pid -> message.contains("pid " + pid)), message);
        }
    }

    @Test
    void countsTasksAndBusyTimePerWorker() throws Exception {
        try (ProcessTaskExecutor ex = create("process:workers=2,dispatch=static")) {
            Collector c = runAll(ex, "sleep:ms=5", 10);
            assertTrue(c.errors.isEmpty(), c.errors.toString());
            Map<String, WorkerFigures.Worker> byWorker = ex.workerStats().snapshot();
            assertEquals(List.of("worker-0", "worker-1"), List.copyOf(byWorker.keySet()));
            assertEquals(5L, byWorker.get("worker-0").tasks());
            // each task slept 5 ms inside the worker: physics bound on the busy time measured there
            assertTrue(byWorker.get("worker-1").busyMs() >= 25.0, byWorker.toString());
        }
    }

    /** Even seqs test the prime 1000003 (a million divisions), odd seqs test 1: cost depends on seq. */
    private static final String SKEWED = "primes:range=1000003..1000003,1..1";

    @Test
    void staticDispatchIsMoreImbalancedThanSharedOnSkewedTasks() throws Exception {
        double shared;
        double fixed;
        // 400 tasks, about 200 ms of heavy ones: on a slow machine a worker that takes its first task tens of
        // milliseconds late still gets its share (with 40, the other worker once did all the heavy ones alone)
        try (ProcessTaskExecutor ex = create("process:workers=2,dispatch=shared")) {
            assertTrue(runAll(ex, SKEWED, 400).errors.isEmpty());
            shared = ex.workerStats().imbalance();
        }
        try (ProcessTaskExecutor ex = create("process:workers=2,dispatch=static")) {
            assertTrue(runAll(ex, SKEWED, 40).errors.isEmpty());
            fixed = ex.workerStats().imbalance();
        }
        // static deals every heavy task to worker-0: max/mean is close to 2 by construction
        assertTrue(fixed > 1.8, "static imbalance " + fixed);
        assertTrue(shared < fixed, "shared " + shared + " vs static " + fixed);
    }

    @Test
    void killedWorkerFailsItsTaskAndTheOthersFinish() throws Exception {
        Collector c;
        try (ProcessTaskExecutor ex = create("process:workers=2,dispatch=shared")) {
            Workload w = WorkloadSpec.parse("sleep:ms=300").create();
            c = new Collector(6);
            for (int i = 0; i < 6; i++) {
                ex.submit(w, i, c);
            }
            Thread.sleep(100);
            ProcessHandle.of(ex.workerPids().get(0)).orElseThrow().destroyForcibly();
            c.await();
        }
        assertFalse(c.errors.isEmpty());
        assertTrue(c.errors.get(0).getMessage().contains("worker-0"), c.errors.get(0).getMessage());
        assertTrue(c.errors.get(0).getMessage().contains("died"), c.errors.get(0).getMessage());
        // the in-flight task is lost, the queued ones move to worker-1: no other task fails
        assertTrue(c.errors.size() < 6, c.errors.toString());
        assertTrue(c.errors.stream().allMatch(e -> e.getMessage().contains("worker-0") && e.getMessage().contains("died")),
                c.errors.toString());
    }

    @Test
    void workersExitWhenTheirParentIsKilled() throws Exception {
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), ProcessPoolChild.class.getName())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        long[] pids;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream()))) {
            String line = out.readLine();
            assertTrue(line != null && line.startsWith("PIDS "), String.valueOf(line));
            String[] p = line.split(" ");
            pids = new long[] {Long.parseLong(p[1]), Long.parseLong(p[2])};
        } finally {
            child.destroyForcibly();
            child.waitFor(10, TimeUnit.SECONDS);
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        for (long pid : pids) {
            while (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false) && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "worker " + pid + " outlived its parent");
        }
    }

    @Test
    void fileTasksInWorkersLeaveNoFiles(@TempDir Path dir) throws Exception {
        try (ProcessTaskExecutor ex = create("process:workers=2,dispatch=shared")) {
            Collector c = runAll(ex, "file:writes=10..100,1000..2000,dir=" + dir, 12);
            assertTrue(c.errors.isEmpty(), c.errors.toString());
        }
        ProcessWorkerPool.stopAll();
        try (var left = Files.list(dir)) {
            assertEquals(List.of(), left.toList());
        }
    }

    @Test
    void killedWorkersHalfWrittenFileIsRemovedByItsParent(@TempDir Path dir) throws Exception {
        Collector c;
        try (ProcessTaskExecutor ex = create("process:workers=1,dispatch=shared")) {
            Workload w = WorkloadSpec.parse("file:writes=5000000..5000000,dir=" + dir).create();
            c = new Collector(1);
            ex.submit(w, 0, c); // five million small writes: seconds of work
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!holdsAFile(dir) && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            ProcessHandle.of(ex.workerPids().get(0)).orElseThrow().destroyForcibly();
            c.await();
        }
        assertEquals(1, c.errors.size());
        try (var left = Files.walk(dir)) {
            assertEquals(List.of(dir), left.toList());
        }
    }

    /** Whether the worker has a file under {@code dir} yet; false (look again) when one vanished during the walk. */
    private static boolean holdsAFile(Path dir) throws java.io.IOException {
        try (var all = Files.walk(dir)) {
            return all.anyMatch(Files::isRegularFile);
        } catch (java.io.UncheckedIOException e) {
            if (e.getCause() instanceof java.nio.file.NoSuchFileException) {
                return false; // the workload's short-lived probe file was deleted while the walk listed it
            }
            throw e;
        }
    }

    @Test
    void rejectsZeroWorkers() {
        SpecException e = org.junit.jupiter.api.Assertions.assertThrows(SpecException.class,
                () -> ExecutorSpec.parse("process:workers=0"));
        assertTrue(e.getMessage().contains("workers"), e.getMessage());
    }

    @Test
    void fromFiberbenchsJarAWorkerIsTheJarsWorkerCommand(@TempDir Path dir) throws Exception {
        Path jar = dir.resolve("fiberbench.jar");
        java.util.jar.Manifest m = new java.util.jar.Manifest();
        m.getMainAttributes().put(java.util.jar.Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().putValue(WorkerCommandLine.WORKER_COMMAND_ATTRIBUTE, "worker");
        new java.util.jar.JarOutputStream(Files.newOutputStream(jar), m).close();
        List<String> cmd = WorkerCommandLine.of(jar.toString());
        assertEquals(List.of("-jar", jar.toString(), "worker"), cmd.subList(cmd.size() - 3, cmd.size()));
    }

    @Test
    void fromAnyOtherClassPathAWorkerIsTheWorkerMainClass(@TempDir Path dir) throws Exception {
        Path jar = dir.resolve("app.jar");
        java.util.jar.Manifest m = new java.util.jar.Manifest();
        m.getMainAttributes().put(java.util.jar.Attributes.Name.MANIFEST_VERSION, "1.0");
        new java.util.jar.JarOutputStream(Files.newOutputStream(jar), m).close();
        for (String cp : List.of(jar.toString(), dir + java.io.File.pathSeparator + jar)) {
            List<String> cmd = WorkerCommandLine.of(cp);
            assertEquals(List.of("-cp", cp, ProcessWorkerMain.class.getName()), cmd.subList(cmd.size() - 3, cmd.size()));
        }
    }
}
