package org.fiberbench.cli.calibrate;

import java.util.ArrayList;
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
 * @param service  the server both sides talk to, which calibrate starts once for all pairs that need it
 */
record Pair(String name, String benchmark, Map<String, String> params, String executor, String workload, String load,
            int threads, List<String> jvmArgs, boolean slow, Service service) {
    static final String PACKAGE = "org.fiberbench.engine.jmh.";
    /** In a workload spec or a parameter: the base URL ({@code http://127.0.0.1:PORT}) of the HTTP server calibrate started. */
    static final String SERVER = "{server}";

    /** What a pair's two sides share besides the machine. */
    enum Service {
        /** Nothing: the work is the process's own. */
        NONE,
        /** One database server, the embedded H2 calibrate starts or {@code --db}, seeded once. */
        DATABASE,
        /** One fiberbench HTTP server on 127.0.0.1, started by calibrate; {@value #SERVER} is its address. */
        HTTP_SERVER
    }

    Pair {
        Objects.requireNonNull(name);
        Objects.requireNonNull(service);
        params = Map.copyOf(params);
        jvmArgs = List.copyOf(jvmArgs);
    }

    /** A pair whose sides need no server. */
    Pair(String name, String benchmark, Map<String, String> params, String executor, String workload, String load,
         int threads, List<String> jvmArgs, boolean slow) {
        this(name, benchmark, params, executor, workload, load, threads, jvmArgs, slow, Service.NONE);
    }

    /** This pair with {@value #SERVER} replaced by {@code baseUrl} in its workload and parameters. */
    Pair withServer(String baseUrl) {
        Map<String, String> p = new java.util.LinkedHashMap<>();
        params.forEach((k, v) -> p.put(k, v.replace(SERVER, baseUrl)));
        return new Pair(name, benchmark, p, executor, workload.replace(SERVER, baseUrl), load, threads, jvmArgs, slow, service);
    }

    /** This pair with {@code extra} after its own JVM options (the later of two settings wins). */
    Pair withJvmArgs(List<String> extra) {
        List<String> all = new ArrayList<>(jvmArgs);
        all.addAll(extra);
        return new Pair(name, benchmark, params, executor, workload, load, threads, all, slow, service);
    }

    /** The fiberbench command line that runs this pair's scenario alone. */
    String runCommand() {
        return "run -e " + quoted(executor) + " -w " + quoted(workload) + " -l " + quoted(load) + (threads > 1 ? " --threads " + threads : "")
                + (jvmArgs.isEmpty() ? "" : " --jvm-args \"" + String.join(" ", jvmArgs) + "\"");
    }

    /** The {@code fiberbench jmh} command line that runs this pair's reference alone. */
    String jmhCommand() {
        StringBuilder b = new StringBuilder("jmh '" + benchmark + "$'");
        params.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> b.append(" -p ").append(quoted(e.getKey() + "=" + e.getValue())));
        return b.toString();
    }

    /** {@code text} as one shell word: as is when plain, else in single quotes (a URL's {@code ?} and {@code &}). */
    private static String quoted(String text) {
        return text.matches("[A-Za-z0-9._:/=,+@%-]*") ? text : "'" + text.replace("'", "'\\''") + "'";
    }
}
