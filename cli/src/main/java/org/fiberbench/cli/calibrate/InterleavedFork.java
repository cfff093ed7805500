package org.fiberbench.cli.calibrate;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.fiberbench.engine.Defaults;
import org.fiberbench.engine.jmh.InterleavedBatches;
import org.fiberbench.fork.ForkLog;
import org.fiberbench.load.BatchLoad;
import org.fiberbench.load.LoadSpec;

/**
 * {@code calibrate --interleaved}: one fork per pair and round runs the hand-written operation (the
 * pair's JMH method, called directly) and fiberbench's batch one after the other, pair after pair
 * ({@link InterleavedBatches}), so both sides share the machine's drift. The ratio is taken pair by
 * pair and averaged per fork, and its interval is over the forks ({@link Outcome#roundRatios}).
 * Every pair can run so: the fork gets the pair's JVM options and, for the database pairs, the
 * shared database's secret channel; the HTTP pairs' URLs already name the shared server.
 */
final class InterleavedFork {
    /**
     * Pairs a quick and a full round measure, after their warm-up pairs. The warm-up spans the fork's
     * first young collection: with 10 warm-up pairs it fell on the first or second measured pair of
     * a cpu round (a 3–12 ms pause, mostly inside fiberbench's batch, which allocates more), and that
     * pair's ratio averaged 1.08–1.11 over 40 forks of cpu-forkjoin against 0.99–1.02 for the rest.
     */
    static final int QUICK_WARMUP = 20;
    static final int QUICK_PAIRS = 10;
    static final int FULL_WARMUP = 30;
    static final int FULL_PAIRS = 30;
    /** The same for a pair whose operation lasts seconds (the thread-per-task experiment's). */
    static final int SLOW_QUICK_WARMUP = 3;
    static final int SLOW_QUICK_PAIRS = 5;
    static final int SLOW_FULL_WARMUP = 5;
    static final int SLOW_FULL_PAIRS = 10;
    /** {@code --pairs}: the measured pairs of one round, at most. */
    static final int MAX_PAIRS = 1000;
    /** A fork's bound: its pairs take seconds to minutes; a hung one is ended, not waited out. */
    static final long TIMEOUT_MINUTES = 30;

    private InterleavedFork() {
    }

    /**
     * The fork's command line for {@code p}: this JVM's java and class path, {@link
     * InterleavedBatches#JVM_ARGS}, the pair's JVM options and {@code serviceArgs} (the database's
     * secret channel: a socket's name, never a password), the reference's parameters last.
     */
    static List<String> command(Pair p, List<String> serviceArgs, int warmup, int pairs) {
        List<String> cmd = Defaults.javaCommand();
        cmd.addAll(InterleavedBatches.JVM_ARGS);
        cmd.addAll(p.jvmArgs());
        cmd.addAll(serviceArgs);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(InterleavedBatches.MAIN);
        long tasks = LoadSpec.parse(p.load(), BatchLoad.class).tasks();
        cmd.addAll(List.of(p.benchmark(), p.executor(), p.workload(), String.valueOf(tasks), String.valueOf(p.threads()),
                String.valueOf(warmup), String.valueOf(pairs)));
        p.params().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> cmd.add(e.getKey() + "=" + e.getValue()));
        return cmd;
    }

    /**
     * Warm-up and measured pairs of one round of {@code p} at scale {@code s}; {@code measured}, when
     * not null ({@code --pairs}), replaces the scale's measured count and leaves the warm-up as it is.
     */
    static int[] pairs(Pair p, Scale s, Integer measured) {
        boolean full = s == Scale.FULL;
        int[] n = p.slow() ? new int[] {full ? SLOW_FULL_WARMUP : SLOW_QUICK_WARMUP, full ? SLOW_FULL_PAIRS : SLOW_QUICK_PAIRS}
                : new int[] {full ? FULL_WARMUP : QUICK_WARMUP, full ? FULL_PAIRS : QUICK_PAIRS};
        if (measured != null) {
            n[1] = measured;
        }
        return n;
    }

    /** {@code --jvm-args "..."} with a space before it, or nothing when there are none. */
    static String jvmArgsFlag(List<String> jvmArgs) {
        return jvmArgs.isEmpty() ? "" : " --jvm-args \"" + String.join(" ", jvmArgs) + "\"";
    }

    /** What a reader of results.json runs to repeat one round of {@code p}; {@code jvmArgs}: calibrate's own {@code --jvm-args}. */
    static String description(Pair p, Scale s, Integer measured, List<String> jvmArgs) {
        return "calibrate --interleaved --workload " + p.name() + " --" + s.label() + (measured != null ? " --pairs " + measured : "")
                + jvmArgsFlag(jvmArgs)
                + " (" + InterleavedBatches.MAIN + " " + p.benchmark().substring(Pair.PACKAGE.length()) + " " + p.executor() + " "
                + p.workload() + ")";
    }

    /**
     * Runs one round of {@code p} ({@code measured}: {@code --pairs}, or null); returns {reference ms, fiberbench ms} per measured pair. The fork's
     * stderr goes to {@code log}; a fork that fails, hangs or measures nothing is an exception naming why.
     */
    static double[][] run(Pair p, List<String> serviceArgs, Scale s, Integer measured, Path log)
            throws IOException, InterruptedException {
        int[] n = pairs(p, s, measured);
        int pairs = n[1];
        Process fork = new ProcessBuilder(command(p, serviceArgs, n[0], pairs)).redirectError(log.toFile()).start();
        List<double[]> got = new ArrayList<>();
        try {
            fork.getOutputStream().close();
            try (BufferedReader out = new BufferedReader(new InputStreamReader(fork.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = out.readLine()) != null; ) {
                    String[] f = line.trim().split(" ");
                    if (f.length == 3 && f[0].equals("pair")) {
                        got.add(new double[] {Long.parseLong(f[1]) / 1e6, Long.parseLong(f[2]) / 1e6});
                    }
                }
            }
            if (!fork.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
                throw new IOException("the interleaved fork did not end within " + TIMEOUT_MINUTES + " min; its log: " + log);
            }
            if (fork.exitValue() != 0 || got.size() != pairs) {
                throw new IOException("the interleaved fork exited " + fork.exitValue() + " after " + got.size() + " of " + pairs
                        + " pairs: " + ForkLog.lastLine(log, "(no output; log " + log + ")"));
            }
        } finally {
            fork.destroyForcibly();
        }
        double[][] v = new double[2][got.size()];
        for (int i = 0; i < got.size(); i++) {
            v[0][i] = got.get(i)[0];
            v[1][i] = got.get(i)[1];
        }
        return v;
    }
}
