package org.fiberbench.orderbook.jmh;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.fiberbench.orderbook.InputException;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/** Runs {@link CancelBenchmarks} and {@link AddBenchmarks} through JMH's {@link Runner}, with the gc profiler. */
public final class MicroBenchmarks {
    /**
     * What to run and how long. {@code impls} and {@code enqueued} restrict the {@code @Param}
     * values (empty: all); {@code log} receives JMH's own output (null: standard output).
     */
    public record Options(int forks, int warmupIterations, Duration warmupTime, int iterations, Duration time,
                          List<String> impls, List<Integer> enqueued, List<String> jvmArgs, Path log) {
        public Options {
            positive("--forks", forks, 0);
            positive("--warmup", warmupIterations, 0);
            positive("--iterations", iterations, 1);
            if (warmupTime.isNegative() || time.isZero() || time.isNegative()) {
                throw new InputException("--time " + time.toMillis() + "ms must be > 0 and --warmup-time "
                        + warmupTime.toMillis() + "ms >= 0");
            }
            impls.forEach(org.fiberbench.orderbook.BookKind::parse);
            enqueued.forEach(n -> positive("--enqueued", n, 1));
            impls = List.copyOf(impls);
            enqueued = List.copyOf(enqueued);
            jvmArgs = List.copyOf(jvmArgs);
        }

        /** These options with JMH's output going to {@code file}. */
        public Options withLog(Path file) {
            return new Options(forks, warmupIterations, warmupTime, iterations, time, impls, enqueued, jvmArgs, file);
        }

        private static void positive(String what, int value, int min) {
            if (value < min) {
                throw new InputException(what + " " + value + " must be >= " + min);
            }
        }
    }

    private MicroBenchmarks() {
    }

    /**
     * Runs the benchmarks; {@code each} receives every benchmark's result (forks aggregated) as soon
     * as it is done, in the calling thread. JMH's own output goes to {@code o.log()}.
     */
    public static Collection<RunResult> run(Options o, Consumer<BenchmarkResult> each) throws RunnerException {
        PrintStream log = o.log() == null ? System.out : newLog(o.log());
        try {
            return new Runner(options(o).build(), new EachResult(OutputFormatFactory.createFormatInstance(log, VerboseMode.NORMAL), each))
                    .run();
        } finally {
            log.flush();
            if (log != System.out) {
                log.close();
            }
        }
    }

    private static PrintStream newLog(Path file) {
        try {
            return new PrintStream(Files.newOutputStream(file), true, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
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
        return b;
    }
}
