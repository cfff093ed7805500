package org.fiberbench.engine;

import java.time.Duration;
import java.util.List;
import org.fiberbench.spec.Numbers;
import org.fiberbench.spec.SpecException;

/**
 * Resolved measurement settings of one scenario, as JMH's BenchmarkParams: immutable, complete,
 * validated. {@link Overrides} carries what the user set; {@link #with} layers it on top.
 */
public record Settings(int forks, int warmupIterations, Duration warmupTime, int iterations, Duration time,
                       String mode, int threads, Duration timeout, List<String> jvmArgs) {

    public Settings {
        check("--forks", forks, 1, 100);
        check("--warmup", warmupIterations, 0, 1000);
        check("--iterations", iterations, 1, 1000);
        check("--threads", threads, 1, 1024);
        if (time.isZero() || time.isNegative()) {
            throw new SpecException("--time " + Numbers.formatDuration(time) + " is out of range; accepted: a duration > 0, e.g. 500ms, 2s");
        }
        if (timeout.isZero() || timeout.isNegative()) { // every batch would fail at once
            throw new SpecException("--timeout " + Numbers.formatDuration(timeout) + " is out of range; accepted: a duration > 0, e.g. 30s, 5m");
        }
        if (warmupTime.isNegative()) {
            throw new SpecException("--warmup-time " + warmupTime + " is out of range; accepted: a duration >= 0, e.g. 500ms, 2s");
        }
        if (!mode.equals("avgt") && !mode.equals("thrpt")) {
            throw new SpecException("--mode '" + mode + "' is not accepted; accepted: avgt, thrpt");
        }
        jvmArgs = List.copyOf(jvmArgs);
    }

    private static void check(String flag, int v, int min, int max) {
        if (v < min || v > max) {
            throw new SpecException(flag + " " + v + " is out of range; accepted: " + min + ".." + max);
        }
    }

    /** What the user set on the command line; null means "not set". */
    public record Overrides(Integer forks, Integer warmupIterations, Duration warmupTime, Integer iterations,
                            Duration time, String mode, Integer threads, Duration timeout, List<String> jvmArgs) {
        public static final Overrides NONE = new Overrides(null, null, null, null, null, null, null, null, null);
    }

    public Settings with(Overrides o) {
        return new Settings(
                o.forks() != null ? o.forks() : forks,
                o.warmupIterations() != null ? o.warmupIterations() : warmupIterations,
                o.warmupTime() != null ? o.warmupTime() : warmupTime,
                o.iterations() != null ? o.iterations() : iterations,
                o.time() != null ? o.time() : time,
                o.mode() != null ? o.mode() : mode,
                o.threads() != null ? o.threads() : threads,
                o.timeout() != null ? o.timeout() : timeout,
                o.jvmArgs() != null && !o.jvmArgs().isEmpty() ? o.jvmArgs() : jvmArgs);
    }

    public Settings withIterations(int warmups, Duration warmupTime, int iterations, Duration time) {
        return new Settings(forks, warmups, warmupTime, iterations, time, mode, threads, timeout, jvmArgs);
    }

    public Settings withThreads(int n) {
        return new Settings(forks, warmupIterations, warmupTime, iterations, time, mode, n, timeout, jvmArgs);
    }

    public Settings withJvmArgs(List<String> args) {
        return new Settings(forks, warmupIterations, warmupTime, iterations, time, mode, threads, timeout, args);
    }

    /** Rough wall time of one scenario, for the ETA. */
    public Duration estimate() {
        return warmupTime.multipliedBy(warmupIterations).plus(time.multipliedBy(iterations)).plusSeconds(1)
                .multipliedBy(forks);
    }
}
