package org.fiberbench.orderbook.jmh;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.regex.Pattern;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/** Runs {@link CancelBenchmarks} and {@link AddBenchmarks} through JMH's {@link Runner}, with the gc profiler. */
public final class MicroBenchmarks {
    /**
     * What to run and how long. {@code impls} and {@code enqueued} restrict the {@code @Param}
     * values (empty: all); {@code log} receives JMH's own output (null: standard output).
     */
    public record Options(int forks, int warmupIterations, Duration warmupTime, int iterations, Duration time,
                          List<String> impls, List<Integer> enqueued, List<String> jvmArgs, Path log) {
        public Options {
            positive("forks", forks, 0);
            positive("warmup iterations", warmupIterations, 0);
            positive("iterations", iterations, 1);
            if (warmupTime.isNegative() || time.isZero() || time.isNegative()) {
                throw new IllegalArgumentException("time " + time + " must be > 0 and warm-up time >= 0");
            }
            impls.forEach(org.fiberbench.orderbook.BookKind::parse);
            enqueued.forEach(n -> positive("enqueued order count", n, 1));
            impls = List.copyOf(impls);
            enqueued = List.copyOf(enqueued);
            jvmArgs = List.copyOf(jvmArgs);
        }

        private static void positive(String what, int value, int min) {
            if (value < min) {
                throw new IllegalArgumentException(what + " " + value + " must be >= " + min);
            }
        }
    }

    private MicroBenchmarks() {
    }

    public static Collection<RunResult> run(Options o) throws RunnerException {
        return new Runner(options(o).build()).run();
    }

    static ChainedOptionsBuilder options(Options o) {
        ChainedOptionsBuilder b = new OptionsBuilder()
                .include("^" + Pattern.quote(CancelBenchmarks.class.getName()) + "\\.")
                .include("^" + Pattern.quote(AddBenchmarks.class.getName()) + "\\.")
                .addProfiler(GCProfiler.class)
                .forks(o.forks())
                .warmupIterations(o.warmupIterations())
                .warmupTime(TimeValue.milliseconds(o.warmupTime().toMillis()))
                .measurementIterations(o.iterations())
                .measurementTime(TimeValue.milliseconds(o.time().toMillis()))
                .jvmArgsAppend(o.jvmArgs().toArray(String[]::new))
                .shouldFailOnError(true);
        if (!o.impls().isEmpty()) {
            b.param("impl", o.impls().toArray(String[]::new));
        }
        if (!o.enqueued().isEmpty()) {
            b.param("enqueuedOrderCount", o.enqueued().stream().map(String::valueOf).toArray(String[]::new));
        }
        if (o.log() != null) {
            b.output(o.log().toString());
        }
        return b;
    }
}
