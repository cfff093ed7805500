package org.fiberbench.engine.suite;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fiberbench.engine.Defaults;
import org.fiberbench.engine.Scenario;
import org.fiberbench.engine.Settings;
import org.fiberbench.engine.Suite;
import org.fiberbench.engine.jmh.ReferenceThreadsBenchmark;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.load.LoadSpec;
import org.fiberbench.spec.SpecException;
import org.fiberbench.workload.WorkloadSpec;

/**
 * The registry of suites. {@link #DEFAULT_SHOWDOWN} is what {@code fiberbench run} runs with no
 * suite named: every suite listed there, at quick scale.
 */
public final class Suites {
    private static final Map<String, Suite> SUITES = new LinkedHashMap<>();
    /** Suites of the default {@code ./fiberbench run}, in order. */
    private static final List<String> DEFAULT_SHOWDOWN = new ArrayList<>();

    static {
        register(schedulers(), true);
        register(threads(), true);
        register(DbSuites.db(), false);
        register(DbSuites.smoke(), true);
        register(CoDemoSuite.suite(), true);
        register(ServerSuites.server(), false);
        register(ServerSuites.quick(), true);
        register(PoolsSuite.pools(), false);
        register(PoolsSuite.taste(), true);
    }

    /** Seed 003's {@code @Threads(2)}: JMH threads each running batches, two batches in flight at once. */
    static final int SEED_003_THREADS = 2;

    private Suites() {
    }

    static synchronized void register(Suite suite, boolean inDefaultRun) {
        SUITES.put(suite.name(), suite);
        if (inDefaultRun && !DEFAULT_SHOWDOWN.contains(suite.name())) {
            DEFAULT_SHOWDOWN.add(suite.name());
        }
    }

    public static synchronized Suite of(String name) {
        Suite s = SUITES.get(name);
        if (s == null) {
            throw new SpecException("unknown suite '" + name + "'; accepted: " + String.join(", ", SUITES.keySet()));
        }
        return s;
    }

    public static synchronized List<Suite> all() {
        return List.copyOf(SUITES.values());
    }

    public static synchronized List<Suite> defaultShowdown() {
        return DEFAULT_SHOWDOWN.stream().map(SUITES::get).toList();
    }

    /** Seed 000: virtual threads on a FixedThreadPool vs a ForkJoinPool scheduler. */
    static Suite schedulers() {
        return new Suite("schedulers", "000",
                "virtual threads on fixed vs forkjoin schedulers: carriers × tasks × cpu and sleep workloads",
                (scale, o) -> {
                    boolean full = scale == Suite.Scale.FULL;
                    Settings base = full
                            ? Defaults.SETTINGS.withIterations(3, Duration.ofSeconds(5), 5, Duration.ofSeconds(5))
                            : Defaults.SETTINGS.withIterations(3, Duration.ofMillis(500), 12, Duration.ofMillis(500));
                    Settings settings = base.with(o);
                    int[] carriers = full ? new int[] {100, 1000} : new int[] {ExecutorSpec.cpus(), 100};
                    long[] tasks = full ? new long[] {1000, 10000} : new long[] {1000};
                    String[] workloads = full ? new String[] {"cpu:iterations=1000000", "sleep:ms=5000"}
                            : new String[] {"cpu:iterations=100000", "sleep:ms=100"};
                    List<Scenario> out = new ArrayList<>();
                    for (String w : workloads) {
                        for (long t : tasks) {
                            for (int c : carriers) {
                                String group = w + " × batch:tasks=" + t + " × carriers=" + c;
                                for (String sched : new String[] {"fixed", "forkjoin"}) {
                                    out.add(new Scenario(ExecutorSpec.parse("virtual:scheduler=" + sched + ",carriers=" + c),
                                            WorkloadSpec.parse(w), LoadSpec.parse("batch:tasks=" + t), settings, group));
                                }
                            }
                        }
                    }
                    return out;
                });
    }

    /**
     * Seed 003, client part: platform thread per task vs cached pool vs virtual thread per task, with
     * the seed's JMH settings ({@code @Threads(2)}: two batches at once; {@code -Xms512m -Xmx1024m};
     * 5 × 2 s warm-up and 5 × 10 s measurement at full scale), as {@link ReferenceThreadsBenchmark} has them.
     */
    static Suite threads() {
        return new Suite("threads", "003",
                "platform:cached vs platform:per-task vs virtual, 10,000 tasks sleeping 200 ms per batch, 2 batches at once",
                (scale, o) -> {
                    boolean full = scale == Suite.Scale.FULL;
                    Settings base = (full
                            ? Defaults.SETTINGS.withIterations(5, Duration.ofSeconds(2), 5, Duration.ofSeconds(10))
                            // quick: a batch of the platform kinds (3-9 s on 2 cores) outlasts the 1 s
                            // iteration. Synchronised, each thread measures one batch while the other runs
                            // an unmeasured one before and after it: about two batches an iteration. Not
                            // synchronised, both batches start together at each iteration, the seed's "two
                            // at once", and an iteration costs one batch; the time saved buys eight measured
                            // iterations instead of five (99.9% half-width factor t/sqrt(n): 1.91 against 3.85).
                            // Warm-up by time: virtual's batches settle after about 5 s (the first iterations
                            // were 230-260 ms against 215 after), and a platform batch is one per warm-up
                            // iteration whether it lasts 1 s or 3
                            : Defaults.SETTINGS.withIterations(2, Duration.ofSeconds(3), 8, Duration.ofSeconds(1))
                                    .withSyncIterations(false))
                            .withJvmArgs(List.of("-Xms512m", "-Xmx1024m")).withThreads(SEED_003_THREADS);
                    Settings settings = base.with(o);
                    List<Scenario> out = new ArrayList<>();
                    for (String e : new String[] {"platform:cached", "platform:per-task", "virtual"}) {
                        out.add(new Scenario(ExecutorSpec.parse(e), WorkloadSpec.parse("sleep:ms=200"),
                                LoadSpec.parse("batch:tasks=10000"), settings));
                    }
                    return out;
                });
    }
}
