package org.fiberbench.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;

/**
 * Two crafted runs with known outcomes (B against A):
 * virtual ms/op 10 → 5 faster; platform ms/op 10 → 20 slower (+100%); forkjoin ops/s 100 → 80
 * slower (−20% throughput); virtual with -Xmx1g 10 → 10.03 no significant difference; one
 * scenario only in A, one only in B.
 */
final class TwoRuns {
    static final String CPU = "cpu:iterations=1000";
    static final String BATCH = "batch:tasks=100";

    private TwoRuns() {
    }

    /** Writes runs "a" and "b" under {@code root}; returns {a, b}. */
    static Path[] write(Path root) {
        ObjectNode a = run("run-a");
        add(a, "virtual", "ms/op", null, 9.9, 10, 10.1);
        add(a, "platform:fixed=4", "ms/op", null, 9, 10, 11);
        add(a, "forkjoin:parallelism=2", "ops/s", null, 100, 101, 99);
        add(a, "virtual", "ms/op", "-Xmx1g", 10, 10.5, 9.5);
        add(a, "process:workers=2", "ms/op", null, 30, 31, 29);
        ObjectNode b = run("run-b");
        add(b, "virtual", "ms/op", "-Xmx1g", 10.1, 10.4, 9.6);
        add(b, "forkjoin:parallelism=2", "ops/s", null, 80, 81, 79);
        add(b, "platform:fixed=4", "ms/op", null, 19, 20, 21);
        add(b, "virtual", "ms/op", null, 4.9, 5, 5.1);
        add(b, "platform:cached", "ms/op", null, 12, 12, 12.5);
        Path[] dirs = {root.resolve("a"), root.resolve("b")};
        Json.writePretty(dirs[0].resolve("results.json"), a);
        Json.writePretty(dirs[1].resolve("results.json"), b);
        return dirs;
    }

    /**
     * Writes runs "a" and "b" under {@code root} whose ratios sit at the statistics' edges: virtual's
     * baseline mean is not distinguishable from 0 (B / A has no upper bound), platform's B mean is
     * not (B / A reaches down to 0). Returns {a, b}.
     */
    static Path[] writeEdges(Path root) {
        ObjectNode a = run("run-a");
        add(a, "virtual", "ms/op", null, 0.01, 0.5, 3.0);
        add(a, "platform:fixed=4", "ms/op", null, 10, 10.1, 9.9);
        ObjectNode b = run("run-b");
        add(b, "virtual", "ms/op", null, 99, 100, 101);
        add(b, "platform:fixed=4", "ms/op", null, 0.2, 1.5, 0.1);
        Path[] dirs = {root.resolve("a"), root.resolve("b")};
        Json.writePretty(dirs[0].resolve("results.json"), a);
        Json.writePretty(dirs[1].resolve("results.json"), b);
        return dirs;
    }

    private static ObjectNode run(String id) {
        ObjectNode run = Json.object().put("format_version", 1).put("run_id", id);
        run.putArray("scenarios");
        return run;
    }

    private static void add(ObjectNode run, String executor, String unit, String jvmArg, double... its) {
        ArrayNode scenarios = (ArrayNode) run.get("scenarios");
        ObjectNode s = scenarios.addObject().put("id", String.format("%02d-x", scenarios.size() + 1)).put("executor", executor)
                .put("workload", CPU).put("load", BATCH).put("termination", "normal");
        ArrayNode args = s.putArray("jvm_args");
        if (jvmArg != null) {
            args.add(jvmArg);
        }
        double mean = java.util.Arrays.stream(its).average().orElseThrow();
        s.putObject("metrics").put("score", mean).put("score_unit", unit);
        ArrayNode arr = s.putArray("iterations");
        for (double v : its) {
            arr.add(v);
        }
    }
}
