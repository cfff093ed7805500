package org.fiberbench.cli.calibrate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fiberbench.spec.SpecException;

/**
 * Every pair {@code calibrate} knows: each built-in workload that has a hand-written reference,
 * on the default and the custom schedulers with the custom-scheduler experiment's settings (1000
 * tasks on 2 carriers), the thread-per-task experiment's three executors, the thread-pool side
 * of the process-pool experiment, the database experiment's queries and the web server
 * experiment's requests.
 */
final class Pairs {
    static final String ALL = "all";
    /** Queries per batch: one batch takes about 50–300 ms on the embedded H2 on 2 CPUs. */
    static final int DB_TASKS = 1000;
    /** Requests per batch. */
    static final int HTTP_TASKS = 1000;
    private static final List<Pair> PAIRS = build();

    private Pairs() {
    }

    static List<Pair> all() {
        return PAIRS;
    }

    /**
     * The pairs {@code --workload} names: one pair, one family ({@code cpu}: every cpu pair), a
     * comma-separated list of those ({@code jdbc,http-name}), or all; in the table's order, each once.
     */
    static List<Pair> select(String name) {
        if (name.equals(ALL)) {
            return PAIRS;
        }
        List<String> names = List.of(name.split(",", -1));
        List<Pair> out = new ArrayList<>();
        for (String n : names) {
            List<Pair> one = PAIRS.stream().filter(p -> p.name().equals(n) || p.name().startsWith(n + "-")).toList();
            if (one.isEmpty()) {
                throw new SpecException("--workload '" + (names.size() > 1 ? n + "' (in '" + name + "')" : n + "'")
                        + " is not accepted; accepted: " + ALL + ", " + String.join(", ", names()) + ", or a comma-separated list of them");
            }
            out.addAll(one);
        }
        return PAIRS.stream().filter(out::contains).toList();
    }

    /** Pair names and their families, in order. */
    static List<String> names() {
        List<String> out = new ArrayList<>();
        for (Pair p : PAIRS) {
            String family = p.name().substring(0, p.name().indexOf('-'));
            if (!out.contains(family)) {
                out.add(family);
            }
            out.add(p.name());
        }
        return out;
    }

    private static List<Pair> build() {
        List<Pair> out = new ArrayList<>();
        for (String sched : new String[] {"default", "fixed", "forkjoin"}) {
            String executor = sched.equals("default") ? "virtual" : "virtual:scheduler=" + sched + ",carriers=2";
            out.add(scheduler("cpu-" + sched, "heavyCpu", sched, executor, "cpu:iterations=100000"));
        }
        for (String sched : new String[] {"default", "fixed", "forkjoin"}) {
            String executor = sched.equals("default") ? "virtual" : "virtual:scheduler=" + sched + ",carriers=2";
            out.add(scheduler("sleep-" + sched, "longRunning", sched, executor, "sleep:ms=100"));
        }
        out.add(pool("primes-fixed", "primes", "primes:range=0..1000000,5000000..6000000,10000000..11000000", 300));
        out.add(pool("file-fixed", "files", "file:writes=0..1000,5000..6000,10000..11000", 150));
        out.add(threads("threads-cached", "platformThreadPool", "platform:cached"));
        out.add(threads("threads-per-task", "platformThreadPerTask", "platform:per-task"));
        out.add(threads("threads-virtual", "virtualThreadPerTask", "virtual"));
        out.addAll(database());
        out.addAll(http());
        return List.copyOf(out);
    }

    /**
     * The database experiment's queries: {@value #DB_TASKS} virtual threads per batch, each running
     * one query through a HikariCP pool of 16 on the task's own thread (direct) or on the
     * experiment's platform pool of 2 × CPUs (offload), against the one database calibrate starts.
     */
    private static List<Pair> database() {
        List<Pair> out = new ArrayList<>();
        for (String query : new String[] {"point", "scan"}) {
            for (String via : new String[] {"direct", "offload"}) {
                out.add(new Pair("jdbc-" + query + "-" + via, Pair.PACKAGE + "ReferenceDatabaseBenchmark.batch",
                        Map.of("query", query, "via", via, "taskCount", String.valueOf(DB_TASKS), "poolSize", "16"),
                        "virtual", "jdbc:query=" + query + ",via=" + via, "batch:tasks=" + DB_TASKS, 1, List.of(), false,
                        Pair.Service.DATABASE));
            }
        }
        return out;
    }

    /**
     * The web server experiment's endpoints, served once by calibrate (fiberbench's server on virtual
     * threads, loopback, no auth): {@value #HTTP_TASKS} virtual threads per batch, each one GET with
     * the JDK's HttpClient ({@code client=jdk}: the reference uses the JDK only, so the workload sends
     * with the same client), to {@code /thread/name} and to the experiment's sleeping endpoint.
     */
    private static List<Pair> http() {
        List<Pair> out = new ArrayList<>();
        out.add(http("http-name", "/thread/name"));
        out.add(http("http-sleep", "/thread/benchmark?ms=100"));
        return out;
    }

    private static Pair http(String name, String path) {
        String url = Pair.SERVER + path;
        return new Pair(name, Pair.PACKAGE + "ReferenceHttpBenchmark.batch",
                Map.of("url", url, "taskCount", String.valueOf(HTTP_TASKS)), "virtual",
                "http:url=" + url + ",client=jdk", "batch:tasks=" + HTTP_TASKS, 1, List.of(), false, Pair.Service.HTTP_SERVER);
    }

    private static Pair scheduler(String name, String method, String sched, String executor, String workload) {
        return new Pair(name, Pair.PACKAGE + "ReferenceSchedulerBenchmark." + method,
                Map.of("scheduler", sched, "threadCount", "2", "taskCount", "1000", "iterations", "100000", "sleepMs", "100"),
                executor, workload, "batch:tasks=1000", 1, List.of(), false);
    }

    private static Pair pool(String name, String method, String workload, int tasks) {
        return new Pair(name, Pair.PACKAGE + "ReferencePoolBenchmark." + method,
                Map.of("workers", "2", "primeTasks", "300", "fileTasks", "150"),
                "platform:fixed=2", workload, "batch:tasks=" + tasks, 1, List.of(), false);
    }

    private static Pair threads(String name, String method, String executor) {
        return new Pair(name, Pair.PACKAGE + "ReferenceThreadsBenchmark." + method, Map.of(), executor,
                "sleep:ms=200", "batch:tasks=10000", 2, List.of("-Xms512m", "-Xmx1024m"), true);
    }
}
