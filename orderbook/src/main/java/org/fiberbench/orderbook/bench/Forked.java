package org.fiberbench.orderbook.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.stream.Collectors;
import org.fiberbench.orderbook.BookKind;

/** The benchmarks, each in a fresh JVM of its own (see {@link Fork}). */
public final class Forked {
    private Forked() {
    }

    /** {@link ThroughputBenchmark#run} in a fork. */
    public static List<ThroughputBenchmark.Row> throughput(Path input, BookKind kind, long[] counts,
                                                           List<String> jvmArgs, Duration timeout) {
        String list = Arrays.stream(counts).mapToObj(Long::toString).collect(Collectors.joining(","));
        Properties p = Fork.run(jvmArgs, List.of("mode=throughput", "input=" + input.toAbsolutePath(),
                "impl=" + kind.label(), "counts=" + list), timeout);
        List<ThroughputBenchmark.Row> rows = new ArrayList<>();
        int n = Integer.parseInt(p.getProperty("rows"));
        for (int i = 0; i < n; i++) {
            long c = Long.parseLong(p.getProperty("commands." + i));
            double s = Double.parseDouble(p.getProperty("seconds." + i));
            double[] rates = Arrays.stream(p.getProperty("rates." + i).split(",")).mapToDouble(Double::parseDouble).toArray();
            rows.add(new ThroughputBenchmark.Row(c, s, c / s, Double.parseDouble(p.getProperty("cpu_s." + i)), rates));
        }
        return rows;
    }

    /** How long a latency run may take before it stops sending: a book that keeps up needs {@code seconds}. */
    public static Duration latencyDeadline(int seconds) {
        return Duration.ofSeconds(3L * seconds + 30);
    }

    /** {@link LatencyBenchmark#run} in a fork; the fork's own timeout leaves room for warm-up. */
    public static LatencyBenchmark.Result latency(Path input, BookKind kind, Timing timing, int rate, int seconds,
                                                  List<String> jvmArgs) {
        Duration deadline = latencyDeadline(seconds);
        Properties p = Fork.run(jvmArgs, List.of("mode=latency", "input=" + input.toAbsolutePath(),
                "impl=" + kind.label(), "timing=" + timing.label(), "rate=" + rate, "seconds=" + seconds,
                "deadline_ms=" + deadline.toMillis()), deadline.plusMinutes(5));
        return new LatencyBenchmark.Result(timing, rate, ForkMain.decode(p.getProperty("latency")),
                ForkMain.decode(p.getProperty("service")), Long.parseLong(p.getProperty("planned")),
                Long.parseLong(p.getProperty("sent")), Double.parseDouble(p.getProperty("elapsed_s")),
                Double.parseDouble(p.getProperty("cpu_s")),
                Boolean.parseBoolean(p.getProperty("completed")), intervals(p), List.of(p.getProperty("gc", "").split(",")));
    }

    private static List<LatencyBenchmark.Interval> intervals(Properties p) {
        int n = Integer.parseInt(p.getProperty("intervals", "0"));
        List<LatencyBenchmark.Interval> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(LatencyBenchmark.Interval.decode(p.getProperty("interval." + i)));
        }
        return out;
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
