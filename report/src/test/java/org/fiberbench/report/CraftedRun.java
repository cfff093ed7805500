package org.fiberbench.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Random;

/**
 * Synthetic results.json documents for tests and the size benchmark: every section of
 * docs/results-format.md, with realistic series lengths (a 60 s run sampled every 100 ms, 120 s
 * of per-second intervals, a full .hgrm-sized spectrum).
 */
final class CraftedRun {
    static final String[] EXECUTORS = {"platform:fixed=4", "virtual", "virtual:scheduler=forkjoin,carriers=2", "forkjoin:parallelism=2"};

    private CraftedRun() {
    }

    /** A run of {@code n} scenarios with every section, written to {@code dir}/results.json. */
    static Path write(Path dir, int n) {
        Json.writePretty(dir.resolve("results.json"), run(n, 42));
        return dir;
    }

    static ObjectNode run(int n, long seed) {
        Random rnd = new Random(seed);
        ObjectNode run = header();
        ArrayNode scenarios = run.putArray("scenarios");
        for (int i = 0; i < n; i++) {
            scenarios.add(scenario(i, rnd));
        }
        ArrayNode sweeps = run.putArray("sweeps");
        ObjectNode sweep = sweeps.addObject().put("param", "carriers").put("stopped_early", "p99 above 50ms at 8");
        for (int i = 0; i < Math.min(n, 4); i++) {
            sweep.withArray("values").add(1 << i);
            sweep.withArray("scenario_ids").add(scenarios.get(i).path("id").asText());
        }
        profileDiff(run, scenarios);
        return run;
    }

    private static ObjectNode header() {
        ObjectNode run = Json.object();
        run.put("format_version", 1).put("tool", "fiberbench 0.1.0").put("run_id", "20250101-120000-crafted").put("suite", "crafted")
                .put("scale", "quick").put("command", "fiberbench run crafted").put("started_at", "2025-01-01T12:00:00Z")
                .put("finished_at", "2025-01-01T12:10:00Z");
        run.putObject("git").put("commit", "abc1234").put("dirty", true);
        ObjectNode env = run.putObject("environment");
        env.putObject("jdk").put("vendor", "Eclipse Adoptium").put("version", "25").put("vm_name", "OpenJDK 64-Bit Server VM")
                .putArray("input_arguments").add("-Xmx1g");
        env.putArray("gc").add("G1 Young Generation").add("G1 Old Generation");
        env.putObject("cpu").put("model", "Crafted CPU @ 3GHz").put("count", 2);
        env.put("memory_bytes", 8L << 30).put("load_average_before", 1.7).put("load_average_after", 1.9).put("cpu_busy_before_pct", 3.5)
                .put("custom_scheduler_mechanism", "internal");
        env.putObject("os").put("name", "Linux").put("version", "6.1").put("arch", "amd64");
        run.putArray("warnings").add("CPU frequency scaling governor is 'powersave'");
        return run;
    }

    private static ObjectNode scenario(int i, Random rnd) {
        String executor = EXECUTORS[i % EXECUTORS.length];
        ObjectNode s = Json.object();
        String id = String.format(Locale.ROOT, "%02d-%s", i + 1, executor.replaceAll("[^a-z0-9]+", "-"));
        s.put("id", id).put("index", i + 1).put("group", "g" + (i / EXECUTORS.length)).put("executor", executor)
                .put("workload", "sleep:ms=10").put("load", "open:rate=200,duration=60s").put("termination", i == 5 ? "failure" : "normal");
        if (i % EXECUTORS.length != 0) {
            s.put("baseline", String.format(Locale.ROOT, "%02d-%s", i / EXECUTORS.length * EXECUTORS.length + 1, EXECUTORS[0].replaceAll("[^a-z0-9]+", "-")));
        } else {
            s.putNull("baseline");
        }
        if (i == 5) {
            s.put("failure", "java.lang.IllegalStateException: </script><b>boom</b>");
        }
        s.putArray("jvm_args").add("-Xss512k");
        s.putObject("config").put("mode", "avgt").put("forks", 1).put("iterations", 5);
        double base = 10 + (i % EXECUTORS.length) * 2;
        ObjectNode m = s.putObject("metrics");
        ArrayNode its = s.putArray("iterations");
        double sum = 0;
        for (int k = 0; k < 5; k++) {
            double v = base + rnd.nextGaussian() * 0.3;
            its.add(v);
            sum += v;
        }
        m.put("score", sum / 5).put("score_error", 1.2).put("score_unit", "ms/op").put("errors", i == 6 ? 3 : 0)
                .put("threads_peak", 12 + i % 7).put("cpu_util_pct", 80 + i % 20).put("pinned_count", i % 3).put("cpu_user_ms", 5000).put("cpu_sys_ms", 400);
        if (i % EXECUTORS.length == 2) {
            s.putObject("sweep").put("param", "carriers").put("value", 2);
            m.put("speedup", 1.8).put("parallel_efficiency", 0.9);
        }
        CraftedSections.latency(s, rnd, i == 3);
        CraftedSections.resources(s, rnd);
        CraftedSections.workersAndCarriers(s, rnd);
        CraftedSections.pinning(s);
        CraftedSections.orderbook(s, i, rnd);
        s.putObject("files").put("flame", "scenarios/" + id + "-cpu.html").put("hgrm", "scenarios/" + id + ".hgrm");
        return s;
    }

    /** The run's threshold verdicts, as {@code --threshold} stores them: one passed, one failed. */
    static void thresholds(ObjectNode run) {
        String id = run.path("scenarios").get(0).path("id").asText();
        ArrayNode t = run.putArray("thresholds");
        t.addObject().put("expr", "p99<500ms").put("scenario", id).put("value", 12.5).put("unit", "ms").put("pass", true);
        t.addObject().put("expr", "p99<5ms").put("scenario", id).put("value", 12.5).put("unit", "ms").put("pass", false);
    }

    private static void profileDiff(ObjectNode run, ArrayNode scenarios) {
        if (scenarios.size() < 2) {
            return;
        }
        ObjectNode d = run.putArray("profile_diffs").addObject().put("a", scenarios.get(0).path("id").asText())
                .put("b", scenarios.get(1).path("id").asText()).put("event", "cpu");
        ArrayNode rows = d.putArray("rows");
        for (int k = 0; k < 30; k++) {
            rows.addObject().put("frame", "org.example.Work.step" + k + "()").put("a_self_pct", 10 - k * 0.3).put("a_total_pct", 40 - k)
                    .put("b_self_pct", 9 - k * 0.25).put("b_total_pct", 38 - k).put("diff_self_pct", 0.05 * k - 1);
        }
        d.putArray("only_a").add("java.lang.Object.wait()");
        d.putArray("only_b").add("jdk.internal.misc.Unsafe.park()");
    }
}
