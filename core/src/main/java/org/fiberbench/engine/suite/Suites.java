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

    /**
     * The default run's scenarios whose batches are short beside a second: {@code warmupSeconds} × 1 s of
     * warm-up, then 10 s measured as 40 iterations of 250 ms rather than 10 of 1 s. The 99.9% half-width
     * is t(n-1)·s/√n, and t/√n is 0.56 at n = 40 against 1.51 at n = 10 (A/B x4 on a 2-core VM: the
     * database within 7.1-9.8% every time against 9.2-21.5%, the process pool within 3.3-8.7% against
     * 2.3-27.1%, where one slow second took 10 iterations of 1 s to ±17.7%).
     */
    static Settings shortIterations(int warmupSeconds) {
        return Defaults.SETTINGS.withIterations(warmupSeconds, Duration.ofSeconds(1), 40, Duration.ofMillis(250));
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
     * 10,000 tasks a batch, 5 × 2 s warm-up and 5 × 10 s measurement at full scale), as
     * {@link ReferenceThreadsBenchmark} has them.
     */
    static Suite threads() {
        return new Suite("threads", "003",
                "platform:cached vs platform:per-task vs virtual, 2,000 tasks sleeping 200 ms per batch (10,000 at --full), 2 batches at once",
                (scale, o) -> {
                    boolean full = scale == Suite.Scale.FULL;
                    Settings base = (full
                            ? Defaults.SETTINGS.withIterations(5, Duration.ofSeconds(2), 5, Duration.ofSeconds(10))
                            // quick: 2,000 tasks a batch, not the seed's 10,000. A batch of 10,000 platform
                            // threads lasts 2-6 s on 2 cores, and an iteration cannot be shorter than a batch:
                            // 8 of them took 31 s (cached) and 61 s (per task) and still missed 10% in most
                            // runs (the 99.9% t/sqrt(n) is 1.91 at n = 8). Batches of 2,000 last 0.7-1.9 s: with
                            // 500 ms iterations, one batch an iteration, and 24 of them (t/sqrt(n) 0.77) cost
                            // less than 8 did. Not synchronised: both threads start a batch together at each
                            // iteration, the seed's "two at once", without an unmeasured batch before and after
                            // each measured one. Warm-up by time: virtual's batches settle after a few seconds
                            : Defaults.SETTINGS.withIterations(2, Duration.ofSeconds(3), 24, Duration.ofMillis(500))
                                    .withSyncIterations(false))
                            .withJvmArgs(List.of("-Xms512m", "-Xmx1024m")).withThreads(SEED_003_THREADS);
                    Settings settings = base.with(o);
                    List<Scenario> out = new ArrayList<>();
                    for (String e : new String[] {"platform:cached", "platform:per-task", "virtual"}) {
                        out.add(new Scenario(ExecutorSpec.parse(e), WorkloadSpec.parse("sleep:ms=200"),
                                LoadSpec.parse("batch:tasks=" + (full ? 10_000 : 2_000)), settings));
                    }
                    return out;
                });
    }
}
