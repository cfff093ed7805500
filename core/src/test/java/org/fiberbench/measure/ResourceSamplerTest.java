package org.fiberbench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.fiberbench.executor.ProcessWorkers;
import org.junit.jupiter.api.Test;

class ResourceSamplerTest {
    private static final int CPUS = Runtime.getRuntime().availableProcessors();

    /** The summary as results.json has it, by key. */
    private static Map<String, Object> summary(Resources section) {
        return section.summary().toMap();
    }

    /** The keys of the first timeline point as results.json has it. */
    private static java.util.Set<?> firstPointKeys(Resources section) {
        return ((Map<?, ?>) ((List<?>) section.toMap().get("timeline")).get(0)).keySet();
    }

    private static long num(Map<?, ?> m, String key) {
        return ((Number) m.get(key)).longValue();
    }

    @Test
    void cpuTimeStaysWithinWallTimesCores() throws Exception {
        ResourceSampler s = ResourceSampler.start(20);
        Batches.run("platform:fixed=2", "cpu:iterations=3000000", 40);
        Map<String, Object> m = summary(s.stop(40));
        long cpu = num(m, "cpu_user_ms") + num(m, "cpu_sys_ms");
        // /proc reports CPU in 10 ms ticks per thread: allow one tick per core each side
        assertTrue(cpu > 0, "cpu ms " + cpu);
        assertTrue(cpu <= num(m, "wall_ms") * CPUS + 10L * CPUS, "cpu " + cpu + " ms > wall " + m.get("wall_ms") + " × " + CPUS);
        assertTrue(((Number) m.get("cpu_util_pct")).doubleValue() <= 100.0 + 1000.0 / num(m, "wall_ms"), m.toString());
    }

    @Test
    void timelineHasOnePointPerInterval() throws Exception {
        ResourceSampler s = ResourceSampler.start(10);
        Thread.sleep(200);
        Resources section = s.stop(0);
        List<?> timeline = section.timeline();
        assertTrue(timeline.size() >= 10 && timeline.size() <= 24, "points: " + timeline.size());
    }

    @Test
    void perTaskPlatformThreadsPeakFarAboveVirtual() throws Exception {
        long platform = threadsAdded("platform:per-task");
        long virtual = threadsAdded("virtual");
        // 200 tasks of 300 ms: on a loaded machine the first may end before the last starts, not most of them
        assertTrue(platform >= 100, "platform:per-task added " + platform + " threads");
        assertTrue(platform >= 10 * Math.max(1, virtual), "platform " + platform + " vs virtual " + virtual);
    }

    @Test
    void virtualPeakPlatformThreadsStayNearCarriers() throws Exception {
        long added = threadsAdded("virtual");
        // carriers of the default scheduler, plus the JDK's unparker thread(s) for sleeps
        assertTrue(added <= CPUS + 4, "virtual added " + added + " platform threads; carriers " + CPUS);
    }

    private static long threadsAdded(String executor) throws Exception {
        ResourceSampler s = ResourceSampler.start(50);
        Batches.run(executor, "sleep:ms=300", 200);
        Map<String, Object> m = summary(s.stop(200));
        return num(m, "threads_peak") - num(m, "threads_start");
    }

    @Test
    void snapshotWhileSamplingHasTheShapeOfStop() throws Exception {
        ResourceSampler s = ResourceSampler.start(10);
        Thread.sleep(150);
        Resources during = s.snapshot(5, true);
        Resources end = s.stop(5);
        assertTrue(summary(during).keySet().equals(summary(end).keySet()), summary(during) + " vs " + summary(end));
        List<Resources.Point> points = during.timeline();
        assertTrue(points.size() >= 5, "points " + points.size());
        assertTrue(firstPointKeys(during).equals(firstPointKeys(end)));
        assertTrue(num(summary(during), "wall_ms") <= num(summary(end), "wall_ms"));
        assertTrue(!s.snapshot(0, false).toMap().containsKey("timeline"));
    }

    @Test
    void timelineStaysBoundedAndKeepsItsPeaks() throws Exception {
        ResourceSampler s = ResourceSampler.start(1, List.of(), 20);
        byte[][] held = new byte[64][];
        for (int i = 0; i < held.length; i++) {
            held[i] = new byte[1 << 20]; // 64 MiB of heap for a moment, early in the timeline
        }
        Thread.sleep(100);
        long heldBytes = held.length * (long) held[0].length;
        held = null;
        System.gc();
        Thread.sleep(150);
        Resources section = s.stop(0);
        List<?> timeline = section.timeline();
        assertTrue(timeline.size() <= 21, "points " + timeline.size());
        assertTrue(num(summary(section), "heap_peak_bytes") >= heldBytes, summary(section).toString());
    }

    @Test
    void thinKeepsFirstAndLastAndBoundsSize() {
        List<Integer> all = java.util.stream.IntStream.range(0, 1001).boxed().toList();
        List<Integer> t = ResourceSampler.thin(all, 100);
        assertTrue(t.size() <= 100, "size " + t.size());
        assertTrue(t.get(0) == 0 && t.get(t.size() - 1) == 1000, t.toString());
    }

    @Test
    void processPoolWorkersCountInTheScenariosCpuAndThreads() throws Exception {
        ResourceSampler s = ResourceSampler.start(50);
        Map<String, Object> m;
        try {
            Batches.run("process:workers=2,dispatch=shared", "cpu:iterations=20000000", 8);
            m = summary(s.stop(8));
        } finally {
            ProcessWorkers.stopIdle(); // the other tests of this class count this JVM's threads alone
        }
        Map<?, ?> workers = (Map<?, ?>) m.get("worker_processes");
        assertTrue(workers != null, m.toString());
        assertEquals(2L, num(workers, "count_peak"), workers.toString());
        long workersCpu = num(workers, "cpu_user_ms") + num(workers, "cpu_sys_ms");
        // eight tasks of 20M square roots ran in the workers, not here: their CPU is in the scenario's
        assertTrue(workersCpu > 0, workers.toString());
        assertTrue(num(m, "cpu_user_ms") + num(m, "cpu_sys_ms") >= workersCpu, m.toString());
        assertTrue(num(m, "threads_peak") >= num(workers, "threads_peak") + 2, m.toString());
    }
}
