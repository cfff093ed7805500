package org.fiberbench.cli.calibrate;

import java.time.Duration;
import org.fiberbench.engine.Defaults;
import org.fiberbench.engine.Settings;

/**
 * Measurement settings of both sides of a pair, per round: quick for a laptop, full the issue's
 * (1 fork, 3 × 2 s warm-up, 5 × 2 s). Pairs whose operation lasts seconds (10,000 threads sleeping
 * 200 ms) measure fewer, longer iterations: 2 × 2 s of warm-up, so that each JMH thread runs a few
 * batches before the measurement starts (with 1 × 1 s, the compiler was still compiling the JDK's
 * thread start and exit paths in the measured iterations).
 */
enum Scale {
    QUICK(3, Duration.ofSeconds(1), 5, Duration.ofSeconds(1)),
    FULL(3, Duration.ofSeconds(2), 5, Duration.ofSeconds(2));

    private final int warmups;
    private final Duration warmupTime;
    private final int iterations;
    private final Duration time;

    Scale(int warmups, Duration warmupTime, int iterations, Duration time) {
        this.warmups = warmups;
        this.warmupTime = warmupTime;
        this.iterations = iterations;
        this.time = time;
    }

    /** The settings of one round of {@code p}: one fork, the pair's threads and JVM options. */
    Settings settings(Pair p) {
        Settings s = p.slow() && this == QUICK
                ? Defaults.SETTINGS.withIterations(2, Duration.ofSeconds(2), 3, Duration.ofSeconds(2))
                : Defaults.SETTINGS.withIterations(warmups, warmupTime, iterations, time);
        return new Settings(1, s.warmupIterations(), s.warmupTime(), s.iterations(), s.time(), "avgt", p.threads(),
                s.timeout(), p.jvmArgs());
    }

    String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
