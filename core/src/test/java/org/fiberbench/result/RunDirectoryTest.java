package org.fiberbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunDirectoryTest {
    @TempDir
    Path tmp;

    private static ScenarioResult result(int i) {
        ScenarioResult r = new ScenarioResult(String.format("%02d-x", i), "virtual", "noop", "batch:tasks=1");
        for (int k = 0; k < 2000; k++) {
            r.metric("m" + k, k * 1.5); // a large document, so a write in place would be seen half done
        }
        return r;
    }

    @SuppressWarnings("unchecked")
    private static int count(Path dir) throws Exception {
        return ((List<?>) RunDirectory.read(dir.resolve("results.json")).get("scenarios")).size();
    }

    @Test
    void resultsJsonHoldsEveryScenarioAsSoonAsItIsAdded() throws Exception {
        RunDirectory run = RunDirectory.create(tmp.resolve("run"), "adhoc", "adhoc", "run");
        assertEquals(0, count(run.dir()));
        assertNull(RunDirectory.read(run.dir().resolve("results.json")).get("finished_at"), "still running");
        run.add(result(1));
        assertEquals(1, count(run.dir()));
        run.add(result(2));
        assertEquals(2, count(run.dir()));
        assertEquals(3, Files.readAllLines(run.dir().resolve("results.csv")).size(), "results.csv follows too");
        run.finish();
        assertNotNull(RunDirectory.read(run.dir().resolve("results.json")).get("finished_at"));
        try (Stream<Path> files = Files.list(run.dir())) {
            assertTrue(files.noneMatch(p -> p.getFileName().toString().endsWith(".tmp")), "no temporary file left");
        }
    }

    @Test
    void aReaderNeverSeesAHalfWrittenResultsJson() throws Exception {
        RunDirectory run = RunDirectory.create(tmp.resolve("atomic"), "adhoc", "adhoc", "run");
        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger reads = new AtomicInteger();
        AtomicReference<Throwable> broken = new AtomicReference<>();
        Thread reader = Thread.ofPlatform().start(() -> {
            while (!stop.get()) {
                try {
                    Map<String, Object> doc = RunDirectory.read(run.dir().resolve("results.json"));
                    assertEquals(1, doc.get("format_version"));
                    reads.incrementAndGet();
                } catch (Throwable t) {
                    broken.compareAndSet(null, t);
                }
            }
        });
        for (int i = 1; i <= 40; i++) {
            run.add(result(i));
        }
        stop.set(true);
        reader.join();
        assertNull(broken.get(), () -> "a read failed: " + broken.get());
        assertTrue(reads.get() > 10, "the reader kept reading: " + reads.get());
        assertEquals(40, count(run.dir()));
    }

    @Test
    void busyMachineBeforeTheRunBecomesAWarning() {
        List<String> w = Environment.warnings(Map.of("cpu_busy_before_pct", 55.0));
        assertTrue(w.stream().anyMatch(s -> s.contains("55% busy with other work")), w.toString());
    }

    @Test
    void quietMachineGetsNoBusyWarning() {
        List<String> w = Environment.warnings(Map.of("cpu_busy_before_pct", 3.0));
        assertTrue(w.stream().noneMatch(s -> s.contains("busy with other work")), w.toString());
    }

    @Test
    void runsStartedInTheSameSecondGetDistinctDirectories() throws Exception {
        int n = 8;
        java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(n);
        List<java.util.concurrent.Future<Path>> made = new java.util.ArrayList<>();
        try (var pool = java.util.concurrent.Executors.newFixedThreadPool(n)) {
            for (int i = 0; i < n; i++) {
                made.add(pool.submit(() -> {
                    start.await();
                    return RunDirectory.newDirectory(tmp.resolve("results"), "20261124-101010-adhoc");
                }));
            }
        }
        java.util.Set<Path> dirs = new java.util.HashSet<>();
        for (var f : made) {
            dirs.add(f.get());
        }
        assertEquals(n, dirs.size(), "each run its own directory: " + dirs);
        assertTrue(dirs.contains(tmp.resolve("results/20261124-101010-adhoc")), dirs.toString());
        assertTrue(dirs.contains(tmp.resolve("results/20261124-101010-adhoc-" + n)), dirs.toString());
    }

    @Test
    void anOutHoldingARunIsRefusedUnlessReplaced() throws Exception {
        RunDirectory first = RunDirectory.create(tmp.resolve("run"), "first", "adhoc", "run first");
        first.add(result(1));
        org.fiberbench.spec.SpecException e = org.junit.jupiter.api.Assertions.assertThrows(
                org.fiberbench.spec.SpecException.class, () -> RunDirectory.create(tmp.resolve("run"), "second", "adhoc", "run"));
        assertTrue(e.getMessage().contains("already holds a run"), e.getMessage());
        assertEquals(1, count(first.dir()), "the first run's results are kept");
        RunDirectory second = RunDirectory.create(tmp.resolve("run"), true, "second", "adhoc", "run");
        assertEquals(0, count(second.dir()));
        assertEquals("second", RunDirectory.read(second.dir().resolve("results.json")).get("suite"));
    }

    @Test
    void anEmptyDirectoryIsAFineOut() throws Exception {
        Files.createDirectories(tmp.resolve("empty"));
        assertEquals(0, count(RunDirectory.create(tmp.resolve("empty"), "x", "adhoc", "run").dir()));
    }

    private static List<?> jmhRows(Path dir) throws Exception {
        return new com.fasterxml.jackson.databind.ObjectMapper().readValue(dir.resolve(RunDirectory.JMH_RESULTS).toFile(), List.class);
    }

    @Test
    void resultsJmhJsonHoldsTheJmhRowsOfEveryScenarioInRunOrder() throws Exception {
        RunDirectory run = RunDirectory.create(tmp.resolve("jmh"), "adhoc", "adhoc", "run");
        assertEquals(List.of(), jmhRows(run.dir()), "an empty array from the start");
        run.add(result(1).jmhRows(List.of(Map.of("benchmark", "a"))));
        run.add(result(2)); // a loop: no JMH row
        assertEquals(List.of(Map.of("benchmark", "a")), jmhRows(run.dir()));
        run.add(result(3).jmhRows(List.of(Map.of("benchmark", "b"))));
        assertEquals(List.of(Map.of("benchmark", "a"), Map.of("benchmark", "b")), jmhRows(run.dir()));
        assertEquals(3, count(run.dir()), "the JMH rows stay out of results.json");
        assertTrue(!Files.readString(run.dir().resolve("results.json")).contains("\"benchmark\""));
    }

    @Test
    void aReplacedRunStartsItsJmhRowsAfresh() throws Exception {
        Path out = tmp.resolve("again");
        RunDirectory.create(out, "adhoc", "adhoc", "run").add(result(1).jmhRows(List.of(Map.of("benchmark", "old"))));
        RunDirectory.create(out, true, "adhoc", "adhoc", "run");
        assertEquals(List.of(), jmhRows(out), "no row of the run it replaced");
    }
}
