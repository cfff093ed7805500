package org.fiberbench.cli;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.fiberbench.engine.Settings;
import picocli.CommandLine.Option;

/** JMH-style measurement flags shared by the commands that run scenarios. */
public final class MeasureOptions {
    @Option(names = "--forks", paramLabel = "N", description = "JVM forks per scenario (default 1)")
    Integer forks;

    @Option(names = "--warmup", paramLabel = "N", description = "warm-up iterations")
    Integer warmup;

    @Option(names = "--warmup-time", paramLabel = "D", converter = Converters.DurationConverter.class,
            description = "time of each warm-up iteration, e.g. 2s")
    Duration warmupTime;

    @Option(names = "--iterations", paramLabel = "N", description = "measurement iterations")
    Integer iterations;

    @Option(names = "--time", paramLabel = "D", converter = Converters.DurationConverter.class,
            description = "time of each measurement iteration, e.g. 2s")
    Duration time;

    @Option(names = "--mode", paramLabel = "MODE", description = "avgt (ms per batch, default) or thrpt (batches/s)")
    String mode;

    @Option(names = "--threads", paramLabel = "N", description = "JMH threads running batches at once (default 1)")
    Integer threads;

    @Option(names = "--timeout", paramLabel = "D", converter = Converters.DurationConverter.class,
            description = "a batch not finished within this fails: its tasks hang (default 5m)")
    Duration timeout;

    @Option(names = "--gc", arity = "1", paramLabel = "BOOL",
            description = "force a GC before each iteration, as JMH's -gc (default true; the quick suites: false)")
    Boolean gc;

    @Option(names = "--jvm-args", paramLabel = "ARGS", description = "extra JVM options for every fork, e.g. \"-Xmx1g -XX:+UseZGC\"")
    List<String> jvmArgs = new ArrayList<>();

    /** When false, {@code --jvm-args} are not checked against this JVM's JDK: a run on chosen JDKs checks each. */
    boolean checkJvmArgsHere = true;

    public Settings.Overrides overrides() {
        List<String> args = jvmArgList();
        if (checkJvmArgsHere) {
            org.fiberbench.engine.JvmOptions.check(args);
        }
        return new Settings.Overrides(forks, warmup, warmupTime, iterations, time, mode, threads, timeout,
                args.isEmpty() ? null : args, gc);
    }

    /** {@code --jvm-args}, each split at white space. */
    List<String> jvmArgList() {
        return splitJvmArgs(jvmArgs);
    }

    /** {@code --jvm-args} values as given (each one or more options), split at white space, in order. */
    public static List<String> splitJvmArgs(List<String> given) {
        List<String> args = new ArrayList<>();
        for (String s : given) {
            for (String a : s.trim().split("\\s+")) {
                if (!a.isEmpty()) {
                    args.add(a);
                }
            }
        }
        return args;
    }
}
