package org.fiberbench.engine.suite;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.fiberbench.engine.Defaults;
import org.fiberbench.engine.Scenario;
import org.fiberbench.engine.Settings;
import org.fiberbench.engine.Suite;
import org.fiberbench.engine.sweep.Sweep;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.load.LoadSpec;
import org.fiberbench.workload.WorkloadSpec;

/**
 * Seed 004: thread pool vs process pool (shared and static dispatch) against the sequential
 * baseline, on a CPU test (primality of seeded random values in three ranges) and an IO test
 * (small writes to distinct files), each with a sweep of the pool size. Quick scale: pools of 1, 2
 * and as many workers as CPUs. Full scale: the seed's task counts and pool sizes 1 to 8. Every
 * batch tests the same values ({@code draws=} the batch's size), as each run of the seed's program
 * did: a batch's time is then the executor's alone, not also which values it happened to draw.
 */
final class PoolsSuite {
    static final String PRIMES = "primes:range=0..1000000,5000000..6000000,10000000..11000000";
    static final String FILES = "file:writes=0..1000,5000..6000,10000..11000";

    private PoolsSuite() {
    }

    static Suite pools() {
        return new Suite("pools", "004",
                "inline vs platform:fixed vs process pool (shared, static dispatch) on primes and file, pool-size sweep (quick: 1, 2, CPUs; full: 1..8)",
                (scale, o) -> scale == Suite.Scale.FULL ? full(o) : quick(o));
    }

    /** The default run's taste of the process pool: one scenario, about twenty seconds. */
    static Suite taste() {
        return new Suite("process-pool", "004", "one quick process-pool scenario (primes, shared dispatch) of the pools suite",
                (scale, o) -> List.of(new Scenario(ExecutorSpec.parse("process:workers=2,dispatch=shared"),
                        WorkloadSpec.parse(drawn(PRIMES, 90)), LoadSpec.parse("batch:tasks=90"),
                        // the first warm-up second starts the workers (about 1.1 s), and the next few batches are
                        // still getting quicker (46, 38, 43, 37, 36 ms): 6 × 1 s of warm-up
                        Suites.shortIterations(6).with(o))));
    }

    /** The seed's matrix with a short worker sweep: one worker, two, and as many as CPUs. */
    private static List<Scenario> quick(Settings.Overrides o) {
        Settings settings = Defaults.SETTINGS.withIterations(1, Duration.ofSeconds(1), 3, Duration.ofSeconds(1)).with(o);
        int n = Math.max(2, ExecutorSpec.cpus());
        Sweep sweep = new Sweep("workers", LongStream.of(1, 2, n).distinct().boxed().toList());
        List<Scenario> out = new ArrayList<>();
        out.addAll(sweep.expand(matrix(n, PRIMES, 300, settings)));
        out.addAll(sweep.expand(matrix(n, FILES, 150, settings)));
        return out;
    }

    private static List<Scenario> full(Settings.Overrides o) {
        Settings settings = Defaults.SETTINGS.withIterations(2, Duration.ofSeconds(2), 5, Duration.ofSeconds(2)).with(o);
        Sweep sweep = new Sweep("workers", LongStream.rangeClosed(1, 8).boxed().toList());
        List<Scenario> out = new ArrayList<>();
        // the seed's counts: 1000 rounds of the three CPU tests, 100 rounds of the three IO tests
        out.addAll(sweep.expand(matrix(8, PRIMES, 3000, settings)));
        out.addAll(sweep.expand(matrix(8, FILES, 300, settings)));
        return out;
    }

    private static List<Scenario> matrix(int n, String workload, long tasks, Settings settings) {
        List<Scenario> out = new ArrayList<>();
        for (String e : new String[] {"inline", "platform:fixed=" + n, "process:workers=" + n + ",dispatch=shared",
            "process:workers=" + n + ",dispatch=static"}) {
            out.add(new Scenario(ExecutorSpec.parse(e), WorkloadSpec.parse(drawn(workload, tasks)),
                    LoadSpec.parse("batch:tasks=" + tasks), settings));
        }
        return out;
    }

    /**
     * {@code workload} cycling through {@code tasks} values: with batches of that size every batch tests
     * the same ones. Drawn anew per batch, the values' cost varies from batch to batch (with 90 primality
     * tasks, the count of primes near 10^7 sets most of a batch's time), and that spread, not the executor's,
     * would fill the interval.
     */
    static String drawn(String workload, long tasks) {
        return workload + ",draws=" + tasks;
    }
}
