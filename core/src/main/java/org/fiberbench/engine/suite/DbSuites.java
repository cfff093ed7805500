package org.fiberbench.engine.suite;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.fiberbench.engine.Defaults;
import org.fiberbench.engine.Scenario;
import org.fiberbench.engine.Settings;
import org.fiberbench.engine.Suite;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.load.LoadSpec;
import org.fiberbench.workload.WorkloadSpec;

/**
 * Seed 001's database suites. Scenarios run against the embedded H2 server unless {@code --db}
 * names another; the suites themselves do not know which.
 */
final class DbSuites {
    private static final String OFFLOAD = "jdbc:query=scan,via=offload";
    /**
     * One virtual thread per task queues every task of a batch on 16 connections: at full scale
     * (500k tasks) the last one waits many seconds, which is the point, not an error.
     */
    private static final String DIRECT = "jdbc:query=scan,via=direct,pool-timeout=2m";

    private DbSuites() {
    }

    /**
     * {@code db}: a "coroutine pool" of M virtual threads on forkjoin vs fixed schedulers (carriers =
     * CPUs) offloading {@code select *} to a separate platform pool, batches of 100k..500k at full
     * scale; then the same query run directly on a virtual thread per task vs 16 (as many as
     * connections) and 200 platform threads.
     * In each group the first scenario is the baseline (forkjoin; platform:fixed=16).
     */
    static Suite db() {
        return new Suite("db", "001",
                "virtual-pool:size=1000|2000 on forkjoin vs fixed schedulers, jdbc via=offload; via=direct on virtual"
                        + " vs platform:fixed=16|200 (embedded H2 unless --db)",
                (scale, o) -> {
                    boolean full = scale == Suite.Scale.FULL;
                    Settings settings = (full
                            ? Defaults.SETTINGS.withIterations(2, Duration.ofSeconds(10), 5, Duration.ofSeconds(10))
                            : Defaults.SETTINGS.withIterations(4, Duration.ofSeconds(2), 5, Duration.ofSeconds(2))).with(o);
                    long[] tasks = full ? new long[] {100_000, 200_000, 300_000, 400_000, 500_000} : new long[] {5_000};
                    int cpus = ExecutorSpec.cpus();
                    List<Scenario> out = new ArrayList<>();
                    for (int size : new int[] {1000, 2000}) {
                        for (long t : tasks) {
                            String group = OFFLOAD + " × batch:tasks=" + t + " × size=" + size;
                            for (String sched : new String[] {"forkjoin", "fixed"}) {
                                out.add(scenario("virtual-pool:size=" + size + ",scheduler=" + sched + ",carriers=" + cpus,
                                        OFFLOAD, t, settings, group));
                            }
                        }
                    }
                    for (long t : tasks) {
                        String group = DIRECT + " × batch:tasks=" + t;
                        for (String e : new String[] {"platform:fixed=16", "platform:fixed=200", "virtual"}) {
                            out.add(scenario(e, DIRECT, t, settings, group));
                        }
                    }
                    return out;
                });
    }

    /** {@code db-smoke}: the default run's one database scenario, seed 001's design at a small batch. */
    static Suite smoke() {
        return new Suite("db-smoke", "001",
                "one quick database scenario: virtual-pool:size=1000 on a fixed scheduler, jdbc via=offload, 2,000 queries",
                (scale, o) -> {
                    // H2's query path is still getting faster after 4 s (1097, 357, 406, 221, then 172, 158,
                    // 144, 112 ms a batch), and on a slower VM after 9 s (6 s of warm-up: 260, 180, 144,
                    // then 113-159; ±30-43%). 15 s of warm-up there: ±11-14%.
                    Settings settings = Suites.shortIterations(15).with(o);
                    return List.of(scenario("virtual-pool:size=1000,scheduler=fixed,carriers=" + ExecutorSpec.cpus(),
                            OFFLOAD, 2_000, settings, null));
                });
    }

    private static Scenario scenario(String executor, String workload, long tasks, Settings settings, String group) {
        return new Scenario(ExecutorSpec.parse(executor), WorkloadSpec.parse(workload),
                LoadSpec.parse("batch:tasks=" + tasks), settings, group);
    }
}
