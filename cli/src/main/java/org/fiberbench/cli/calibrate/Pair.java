package org.fiberbench.cli.calibrate;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One line of the calibration: a hand-written reference benchmark and the fiberbench scenario that
 * runs the same work with the same settings.
 *
 * @param name      what {@code --workload} selects, e.g. {@code cpu-fixed}
 * @param benchmark the reference's JMH method, {@code Class.method} in {@code org.fiberbench.engine.jmh}
 * @param params    the reference's {@code @Param} values
 * @param executor  the scenario's executor spec
 * @param workload  the scenario's workload spec
 * @param load      the scenario's load spec
 * @param threads   JMH threads on both sides (the thread-per-task experiment runs two batches at once)
 * @param jvmArgs   JVM options of both sides' forks
 * @param slow     whether one operation lasts seconds, so fewer iterations are measured
 */
record Pair(String name, String benchmark, Map<String, String> params, String executor, String workload, String load,
            int threads, List<String> jvmArgs, boolean slow) {
    static final String PACKAGE = "org.fiberbench.engine.jmh.";

    Pair {
        Objects.requireNonNull(name);
        params = Map.copyOf(params);
        jvmArgs = List.copyOf(jvmArgs);
    }

    /** The fiberbench command line that runs this pair's scenario alone. */
    String runCommand() {
        return "run -e " + executor + " -w " + workload + " -l " + load + (threads > 1 ? " --threads " + threads : "")
                + (jvmArgs.isEmpty() ? "" : " --jvm-args \"" + String.join(" ", jvmArgs) + "\"");
    }

    /** The {@code fiberbench jmh} command line that runs this pair's reference alone. */
    String jmhCommand() {
        StringBuilder b = new StringBuilder("jmh '" + benchmark + "$'");
        params.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> b.append(" -p ").append(e.getKey()).append('=').append(e.getValue()));
        return b.toString();
    }
}
