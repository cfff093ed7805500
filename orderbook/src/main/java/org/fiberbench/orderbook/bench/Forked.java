package org.fiberbench.orderbook.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.fiberbench.orderbook.BookKind;

/** The benchmarks, each in a fresh JVM of its own (see {@link Fork}), their results typed records on both sides. */
public final class Forked {
    private Forked() {
    }

    /** {@link ThroughputBenchmark#run} in a fork. */
    public static List<ThroughputBenchmark.Row> throughput(Path input, BookKind kind, long[] counts,
                                                           List<String> jvmArgs, Duration timeout) {
        String list = Arrays.stream(counts).mapToObj(Long::toString).collect(Collectors.joining(","));
        return List.of(Fork.run(jvmArgs, List.of("mode=throughput", "input=" + input.toAbsolutePath(),
                "impl=" + kind.label(), "counts=" + list), timeout, ThroughputBenchmark.Row[].class));
    }

    /** How long a latency run may take before it stops sending: a book that keeps up needs {@code seconds}. */
    public static Duration latencyDeadline(int seconds) {
        return Duration.ofSeconds(3L * seconds + 30);
    }

    /** {@link LatencyBenchmark#run} in a fork, its book made with room for the run's peak; the fork's own timeout leaves room for warm-up. */
    public static LatencyBenchmark.Result latency(Path input, BookKind kind, Timing timing, int rate, int seconds,
                                                  List<String> jvmArgs) {
        return latency(input, kind, timing, rate, seconds, true, jvmArgs);
    }

    /** As above; {@code presize} false lets the measured book grow as it fills ({@link LatencyBenchmark#run}). */
    public static LatencyBenchmark.Result latency(Path input, BookKind kind, Timing timing, int rate, int seconds, boolean presize,
                                                  List<String> jvmArgs) {
        Duration deadline = latencyDeadline(seconds);
        return Fork.run(jvmArgs, List.of("mode=latency", "input=" + input.toAbsolutePath(),
                "impl=" + kind.label(), "timing=" + timing.label(), "rate=" + rate, "seconds=" + seconds,
                "deadline_ms=" + deadline.toMillis(), "presize=" + presize), deadline.plusMinutes(5), LatencyBenchmark.Result.class);
    }

    /** JVM options that make a fork record a Flight Recorder file, dumped when it exits. */
    public static List<String> flightRecorderArgs(Path jfr) {
        return List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:+DebugNonSafepoints",
                "-XX:StartFlightRecording=filename=" + jfr.toAbsolutePath() + ",settings=profile,dumponexit=true"
                        + NO_SECRET_EVENTS);
    }

    /**
     * The profile's events that copy secrets into the file are left out: the fork's environment
     * ({@code jdk.InitialEnvironmentVariable}), every host process's command line
     * ({@code jdk.SystemProcess}) and the command lines it starts ({@code jdk.ProcessStart}).
     */
    static final String NO_SECRET_EVENTS = ",jdk.InitialEnvironmentVariable#enabled=false"
            + ",jdk.SystemProcess#enabled=false,jdk.ProcessStart#enabled=false";
}
