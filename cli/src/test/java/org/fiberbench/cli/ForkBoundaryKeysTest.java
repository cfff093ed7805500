package org.fiberbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What crosses a fork boundary as a typed record (worker balance, observations, the order book's
 * results) lands in results.json under the keys it always had: each list below was read from a
 * results.json written before the records existed. A renamed component, a lost annotation or a
 * dropped field fails here, through real forks and worker JVMs.
 */
class ForkBoundaryKeysTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> WORKERS = List.of("imbalance", "busy", "by_worker");
    private static final List<String> WORKER = List.of("tasks", "busy_ms");
    private static final List<String> RESOURCES = List.of("interval_ms", "summary", "timeline");
    private static final List<String> SUMMARY = List.of("threads_start", "threads_peak", "cpu_user_ms", "cpu_sys_ms",
            "cpu_util_pct", "cpu_cores_used", "cpu_ms_per_task", "heap_peak_bytes", "gc_count", "gc_time_ms", "alloc_bytes",
            "alloc_bytes_per_task", "rss_peak_bytes", "ctx_voluntary", "ctx_involuntary", "wall_ms", "samples",
            "sampler_cpu_ms", "worker_processes", "gc_pause_count", "gc_pause_total_ms", "gc_pause_max_ms");
    private static final List<String> WORKER_PROCESSES = List.of("count_peak", "cpu_user_ms", "cpu_sys_ms",
            "rss_peak_bytes", "threads_peak");
    private static final List<String> POINT = List.of("t_ms", "threads", "cpu_user_ms", "cpu_sys_ms", "heap_used_bytes",
            "gc_count", "gc_time_ms", "rss_bytes", "alloc_bytes", "ctx_voluntary", "ctx_involuntary");
    private static final List<String> POINT_WITH_WORKERS = concat(POINT, List.of("workers", "workers_cpu_user_ms",
            "workers_cpu_sys_ms", "workers_rss_bytes", "workers_threads"));
    private static final List<String> PINNING = List.of("count", "total_ms", "submit_failed", "top_stacks");
    private static final List<String> OBSERVED_METRICS = List.of("threads_peak", "cpu_user_ms", "cpu_sys_ms",
            "cpu_util_pct", "heap_peak_bytes", "gc_count", "gc_time_ms", "alloc_bytes_per_task", "rss_peak_bytes",
            "pinned_count", "imbalance");

    @BeforeAll
    static void shareTheMachine() {
        // other JMH runs on this machine may hold /tmp/jmh.lock; every scenario forks its own JVM anyway
        System.setProperty("jmh.ignoreLock", "true");
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return List.copyOf(all);
    }

    private static List<String> keys(JsonNode n) {
        List<String> out = new ArrayList<>();
        n.fieldNames().forEachRemaining(out::add);
        return out;
    }

    @Test
    void processPoolScenariosKeepTheirWorkersResourcesAndPinningKeys() throws Exception {
        // 2 workers running primes: a batch and a closed loop of 2 users for 1 s, the run PoolsCliTest reads too
        SharedRuns.Made made = SharedRuns.processPool();
        assertEquals(0, made.code(), made.outcome().err());
        JsonNode scenarios = JSON.readTree(made.dir().resolve("results.json").toFile()).get("scenarios");
        assertEquals(2, scenarios.size(), "a batch (JMH fork) and a closed loop (loop fork)");
        for (JsonNode s : scenarios) {
            String id = s.get("id").asText();
            assertEquals("normal", s.get("termination").asText(), id + ": " + s.get("failure"));
            assertEquals(WORKERS, keys(s.get("workers")), id);
            assertEquals(List.of("worker-0", "worker-1"), keys(s.get("workers").get("by_worker")), id);
            s.get("workers").get("by_worker").forEach(w -> assertEquals(WORKER, keys(w), id));
            assertEquals("task_time", s.get("workers").get("busy").asText(), id);
            assertEquals(RESOURCES, keys(s.get("resources")), id);
            JsonNode summary = s.get("resources").get("summary");
            assertEquals(SUMMARY, keys(summary), id);
            assertEquals(WORKER_PROCESSES, keys(summary.get("worker_processes")), id);
            assertEquals(2, summary.get("worker_processes").get("count_peak").asInt(), id);
            boolean workersSeen = false;
            for (JsonNode p : s.get("resources").get("timeline")) {
                List<String> k = keys(p);
                assertTrue(k.equals(POINT) || k.equals(POINT_WITH_WORKERS), id + ": " + k);
                workersSeen |= k.equals(POINT_WITH_WORKERS);
            }
            assertTrue(workersSeen, id + ": the worker JVMs are in the timeline");
            assertEquals(PINNING, keys(s.get("pinning")), id);
            assertTrue(s.get("carriers") == null, id + ": platform threads in the workers, no carriers");
            assertTrue(keys(s.get("metrics")).containsAll(OBSERVED_METRICS), id + ": " + keys(s.get("metrics")));
            assertTrue(keys(s.get("files")).contains("timeline"), id);
        }
    }

    @Test
    void orderbookLatencyScenarioKeepsItsKeys(@TempDir Path tmp) throws Exception {
        Path input = tmp.resolve("cmds.csv");
        assertEquals(0, Main.execute(new StringWriter(), "orderbook", "generate", "--count", "5000",
                "--out", input.toString()));
        Path out = tmp.resolve("run");
        assertEquals(0, Main.execute(new StringWriter(), "orderbook", "latency", "--input", input.toString(),
                "--impl", "fast", "--timing", "uniform", "--rate", "2000", "--seconds", "1", "--out", out.toString()));
        JsonNode s = JSON.readTree(out.resolve("results.json").toFile()).get("scenarios").get(0);
        // jdk: the scenario's JDK, a key every scenario has since the JDK became an axis ([byo])
        assertEquals(List.of("id", "index", "group", "baseline", "executor", "workload", "load", "jvm_args", "jdk", "config",
                "termination", "failure", "duration_s", "metrics", "iterations", "ratio", "files", "latency", "orderbook"),
                keys(s));
        List<String> metrics = new ArrayList<>(keys(s.get("metrics")));
        metrics.remove("warning"); // only on a machine too busy to let the sending thread run
        assertEquals(List.of("score", "score_unit", "latency_p50_ns", "latency_p90_ns", "latency_p99_ns", "latency_p99_9_ns",
                "latency_p99_99_ns", "latency_max_ns", "latency_mean_ns", "service_p50_ns", "service_p90_ns", "service_p99_ns",
                "service_p99_9_ns", "service_p99_99_ns", "service_max_ns", "service_mean_ns", "throughput_ops_s",
                "requested_rate_ops_s", "completed", "errors", "cpu_s"), metrics);
        assertEquals(List.of("model", "timing", "requested_rate_ops_s", "achieved_rate_ops_s", "users", "saturated",
                "saturation_reason", "completed", "errors", "errors_by_class", "corrected", "uncorrected", "spectrum",
                "intervals", "buckets"), keys(s.get("latency")));
        assertEquals(List.of("t_s", "warmup", "phase", "count", "throughput_ops_s", "p50_ns", "p90_ns", "p99_ns", "max_ns"),
                keys(s.get("latency").get("intervals").get(0)));
        assertEquals(List.of("kind", "impl", "timing", "jvm", "rate", "sent_per_s", "presized_orders"), keys(s.get("orderbook")));
        assertEquals(List.of("rate", "seconds", "timing", "gc"), keys(s.get("config")));
        assertEquals(List.of("hgrm", "hgrm_service"), keys(s.get("files")));
        // the histograms crossed whole: every command sent is counted in the corrected view's spectrum
        assertEquals(s.get("metrics").get("completed").asLong(), s.get("latency").get("completed").asLong());
        assertTrue(s.get("latency").get("corrected").get("p99_ns").asLong() > 0, s.get("latency").get("corrected").toString());
    }
}
