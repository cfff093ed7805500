package org.fiberbench.engine;

import java.time.Duration;
import java.util.List;
import org.fiberbench.spec.Numbers;
import org.fiberbench.spec.SpecException;

/**
 * Resolved measurement settings of one scenario, as JMH's BenchmarkParams: immutable, complete,
 * validated. {@link Overrides} carries what the user set; {@link #with} layers it on top.
 *
 * @param gc force a full GC before each iteration (JMH's {@code -gc}): JMH then sleeps and polls
 *           until the collector settles, about 0.6 s an iteration on a 2-core box
 * @param syncIterations JMH's {@code -si}: with several threads, each measures only while all of
 *           them are running, and runs unmeasured operations before and after. Off, every thread
 *           starts its operations with the others at each iteration and the iteration ends when the
 *           last one is done: an operation longer than the iteration then costs one operation an
 *           iteration instead of about two
 */
public record Settings(int forks, int warmupIterations, Duration warmupTime, int iterations, Duration time,
                       String mode, int threads, Duration timeout, List<String> jvmArgs, boolean gc,
                       boolean syncIterations) {

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

    /** With a forced GC before each iteration and synchronised iterations. */
    public Settings(int forks, int warmupIterations, Duration warmupTime, int iterations, Duration time,
                    String mode, int threads, Duration timeout, List<String> jvmArgs) {
        this(forks, warmupIterations, warmupTime, iterations, time, mode, threads, timeout, jvmArgs, true, true);
    }

    private static void check(String flag, int v, int min, int max) {
        if (v < min || v > max) {
            throw new SpecException(flag + " " + v + " is out of range; accepted: " + min + ".." + max);
        }
    }

    /** What the user set on the command line; null means "not set". */
    public record Overrides(Integer forks, Integer warmupIterations, Duration warmupTime, Integer iterations,
                            Duration time, String mode, Integer threads, Duration timeout, List<String> jvmArgs,
                            Boolean gc) {
        public static final Overrides NONE = new Overrides(null, null, null, null, null, null, null, null, null, null);
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
                o.jvmArgs() != null && !o.jvmArgs().isEmpty() ? o.jvmArgs() : jvmArgs,
                o.gc() != null ? o.gc() : gc, syncIterations);
    }

    public Settings withIterations(int warmups, Duration warmupTime, int iterations, Duration time) {
        return new Settings(forks, warmups, warmupTime, iterations, time, mode, threads, timeout, jvmArgs, gc, syncIterations);
    }

    public Settings withThreads(int n) {
        return new Settings(forks, warmupIterations, warmupTime, iterations, time, mode, n, timeout, jvmArgs, gc, syncIterations);
    }

    public Settings withJvmArgs(List<String> args) {
        return new Settings(forks, warmupIterations, warmupTime, iterations, time, mode, threads, timeout, args, gc, syncIterations);
    }

    public Settings withGc(boolean forced) {
        return new Settings(forks, warmupIterations, warmupTime, iterations, time, mode, threads, timeout, jvmArgs, forced, syncIterations);
    }

    public Settings withSyncIterations(boolean sync) {
        return new Settings(forks, warmupIterations, warmupTime, iterations, time, mode, threads, timeout, jvmArgs, gc, sync);
    }

    /** Rough wall time of one scenario, for the ETA. */
    public Duration estimate() {
        Duration iteration = gc ? Duration.ofMillis(600) : Duration.ZERO; // the forced GC's settling
        return warmupTime.plus(iteration).multipliedBy(warmupIterations).plus(time.plus(iteration).multipliedBy(iterations))
                .plusSeconds(1).multipliedBy(forks);
    }
}
