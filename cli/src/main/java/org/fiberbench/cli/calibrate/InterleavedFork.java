package org.fiberbench.cli.calibrate;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.fiberbench.engine.Defaults;
import org.fiberbench.engine.jmh.InterleavedBatches;
import org.fiberbench.fork.ForkLog;
import org.fiberbench.load.BatchLoad;
import org.fiberbench.load.LoadSpec;

/**
 * {@code calibrate --interleaved}: one fork per pair and round runs the hand-written batch and
 * fiberbench's batch one after the other, pair after pair ({@link InterleavedBatches}), so both
 * sides share the machine's drift. The ratio is taken pair by pair and averaged per fork, and its
 * interval is over the forks ({@link Outcome#roundRatios}). Only the scheduler pairs
 * (cpu and sleep): their reference is a batch of virtual threads that a fiberbench executor can
 * run in the same JVM.
 */
final class InterleavedFork {
    /** Pairs a quick and a full round measure, after their warm-up pairs. */
    static final int QUICK_WARMUP = 10;
    static final int QUICK_PAIRS = 10;
    static final int FULL_WARMUP = 20;
    static final int FULL_PAIRS = 30;
    /** A fork's bound: its pairs of 100 ms batches take seconds; a hung one is ended, not waited out. */
    static final long TIMEOUT_MINUTES = 30;

    private InterleavedFork() {
    }

    /** Whether {@code p} can be run interleaved: the custom-scheduler experiment's pairs. */
    static boolean applies(Pair p) {
        return p.benchmark().startsWith(Pair.PACKAGE + "ReferenceSchedulerBenchmark.");
    }

    /** The fork's command line for {@code p}: this JVM's java and class path, the pair's JVM options. */
    static List<String> command(Pair p, int warmup, int pairs) {
        List<String> cmd = Defaults.javaCommand();
        cmd.addAll(p.jvmArgs());
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(InterleavedBatches.MAIN);
        long tasks = LoadSpec.parse(p.load(), BatchLoad.class).tasks();
        // the reference's task is the same work in the seed's own code: the workload's words name it
        cmd.addAll(List.of(p.executor(), p.workload(), p.workload(), String.valueOf(tasks), String.valueOf(warmup),
                String.valueOf(pairs)));
        return cmd;
    }

    /** What a reader of results.json runs to repeat one round of {@code p}. */
    static String description(Pair p, Scale s) {
        return "calibrate --interleaved --workload " + p.name() + " --" + s.label() + " (" + InterleavedBatches.MAIN + " "
                + p.executor() + " " + p.workload() + ")";
    }

    /**
     * Runs one round of {@code p}; returns {reference ms, fiberbench ms} per measured pair. The fork's
     * stderr goes to {@code log}; a fork that fails, hangs or measures nothing is an exception naming why.
     */
    static double[][] run(Pair p, Scale s, Path log) throws IOException, InterruptedException {
        int warmup = s == Scale.FULL ? FULL_WARMUP : QUICK_WARMUP;
        int pairs = s == Scale.FULL ? FULL_PAIRS : QUICK_PAIRS;
        Process fork = new ProcessBuilder(command(p, warmup, pairs)).redirectError(log.toFile()).start();
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
