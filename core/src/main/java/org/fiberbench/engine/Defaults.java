package org.fiberbench.engine;

import java.time.Duration;
import java.util.List;
import org.fiberbench.fork.JavaCommand;
import org.fiberbench.fork.Jdk;

/** Every default in one place. Suites override some per scale; CLI flags override both. */
public final class Defaults {
    public static final int FORKS = 1;
    public static final int WARMUP_ITERATIONS = 3;
    public static final Duration WARMUP_TIME = Duration.ofSeconds(2);
    public static final int ITERATIONS = 5;
    public static final Duration TIME = Duration.ofSeconds(2);
    public static final String MODE = "avgt";
    public static final int THREADS = 1;
    /** A batch that has not finished within this is failed: its tasks hang. */
    public static final Duration BATCH_TIMEOUT = Duration.ofMinutes(5);
    public static final List<String> JVM_ARGS = List.of();
    /** Closed/open loops: after the measured window, how long to wait for tasks still in flight. */
    public static final Duration LOOP_DRAIN = Duration.ofSeconds(2);
    /** Open loops with arrival=poisson: the seed of the exponential gaps, so runs are repeatable. */
    public static final long LOOP_SEED = 42;
    /** Options every fork gets: custom schedulers reach the JDK's internal builder through this. */
    public static final List<String> FORK_JVM_ARGS = JavaCommand.JVM_ARGS;

    public static final Settings SETTINGS = new Settings(FORKS, WARMUP_ITERATIONS, WARMUP_TIME, ITERATIONS, TIME, MODE,
            THREADS, BATCH_TIMEOUT, JVM_ARGS);

    private Defaults() {
    }

    /** The start of every fork's command line: this JVM's {@code java} and {@link #FORK_JVM_ARGS}; mutable, to add to. */
    public static List<String> javaCommand() {
        return JavaCommand.start();
    }

    /** As {@link #javaCommand()}, on {@code jdk} (null: this JVM's JDK). */
    public static List<String> javaCommand(Jdk jdk) {
        return JavaCommand.start(jdk);
    }
}
