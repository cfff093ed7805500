package org.fiberbench.cli.calibrate;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.fiberbench.cli.Converters;
import org.fiberbench.cli.DbFlags;
import org.fiberbench.cli.MeasureOptions;
import org.fiberbench.db.DbOptions;
import org.fiberbench.db.DbRun;
import org.fiberbench.engine.JvmOptions;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.spec.Numbers;
import org.fiberbench.spec.SpecException;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code fiberbench calibrate}: the harness cost, measured. Each built-in workload's hand-written
 * JMH reference and the fiberbench scenario that does the same work, alternated over rounds in one
 * command; prints both scores, the ratio with its 99.9% interval and whether fiberbench is within
 * 2% of the reference. The database and HTTP pairs share one server of each kind, started here
 * once ({@link Services}). See docs/calibration.md.
 */
@Command(name = "calibrate", mixinStandardHelpOptions = true, description = "Run the hand-written reference benchmarks and the same fiberbench scenarios,"
        + " alternated, and print fiberbench's cost over them (ratio, interval, within 2%%?).")
public final class CalibrateCommand implements Callable<Integer> {
    /** Rounds of one pair in one run, at most: with --max-time, the budget is what stops a long run. */
    static final int MAX_ROUNDS = 1000;
    /** Interleaved rounds by default: the interval is taken over the forks, so it needs several. */
    static final int INTERLEAVED_ROUNDS = 10;

    @Option(names = "--workload", paramLabel = "NAME", defaultValue = "all",
            description = "a pair (cpu-fixed), a family (cpu, sleep, primes, file, threads, jdbc, http), a comma-separated list"
                + " of them (jdbc,http-name) or all (default)")
    String workload;

    @Option(names = "--rounds", paramLabel = "N", description = "alternated rounds, each side once per round (default 2;"
        + " 10 with --interleaved, whose interval is over the rounds' forks)")
    Integer roundsGiven;

    private int rounds;

    @Option(names = "--interleaved", description = {"both sides in one fork per round, operation after operation, the order"
        + " swapped each time (a quick round: " + InterleavedFork.QUICK_WARMUP + " warm-up and " + InterleavedFork.QUICK_PAIRS
        + " measured pairs, " + InterleavedFork.SLOW_QUICK_WARMUP + " and " + InterleavedFork.SLOW_QUICK_PAIRS
        + " for the threads pairs); the interval is"
        + " over the rounds"})
    boolean interleaved;

    @Option(names = "--max-time", paramLabel = "D", converter = Converters.PositiveDurationConverter.class,
            description = "with --interleaved: after --rounds rounds, more rounds of the pairs still unresolved, the nearest its verdict first,"
                + " until each is within or over the limit or D (counted from the start) is spent, e.g. 60m")
    Duration maxTime;

    @Option(names = "--pairs", paramLabel = "N|auto", description = "with --interleaved: measured pairs per round instead of the"
        + " scale's (" + InterleavedFork.QUICK_PAIRS + " quick, " + InterleavedFork.FULL_PAIRS + " full; "
        + InterleavedFork.SLOW_QUICK_PAIRS + " and " + InterleavedFork.SLOW_FULL_PAIRS + " for the threads pairs), the warm-up"
        + " unchanged: where operations scatter within a fork more than forks differ, more pairs per fork narrow the interval"
        + " in less time, e.g. 120; auto (with --max-time): the first --rounds rounds are a pilot at the scale's count, and"
        + " a pair still unresolved after them goes on with the count its split suggests, when that is at least twice as many")
    String pairsGiven;

    /** --pairs N, else null (the scale's count, or auto's pilot). */
    private Integer pairs;
    private boolean autoPairs;

    @Option(names = "--jvm-args", paramLabel = "ARGS", description = "extra JVM options for every fork of both sides, after the"
        + " pair's own, e.g. \"-XX:-TieredCompilation\" (checked before anything runs)")
    List<String> jvmArgsGiven = new ArrayList<>();

    /** The same as results.json records them: a {@code password=} value masked, as run's command is. */
    private List<String> recordedJvmArgs = List.of();

    @ArgGroup(exclusive = true)
    ScaleFlags scale = new ScaleFlags();

    @Option(names = "--out", paramLabel = "DIR", description = "run directory (default results/<timestamp>-calibrate)")
    Path out;

    @Option(names = "--force", description = "with --out: write into DIR even when it already holds a run")
    boolean force;

    /** The jdbc pairs' database: --db URL (both sides query it), else an embedded H2 started once. */
    @Mixin
    DbFlags db = new DbFlags();

    static final class ScaleFlags {
        @Option(names = "--quick", description = "3 × 1 s warm-up, 5 × 1 s per side and round (default)")
        boolean quick;

        @Option(names = "--full", description = "the issue's settings: 3 × 2 s warm-up, 5 × 2 s per side and round")
        boolean full;
    }

    @Override
    public Integer call() throws Exception {
        rounds = roundsGiven != null ? roundsGiven : interleaved ? INTERLEAVED_ROUNDS : 2;
        if (rounds < 1 || rounds > MAX_ROUNDS) {
            throw new SpecException("--rounds " + rounds + " is out of range; accepted: 1.." + MAX_ROUNDS);
        }
        if (maxTime != null) {
            needsInterleaving("--max-time", Numbers.formatDuration(maxTime), "D", "60m");
        }
        if (pairsGiven != null) {
            needsInterleaving("--pairs", pairsGiven, "N", "120");
            parsePairs();
        }
        List<Pair> selected = Pairs.select(workload);
        List<String> jvmArgs = List.copyOf(MeasureOptions.splitJvmArgs(jvmArgsGiven));
        JvmOptions.check(jvmArgs); // a JVM that will not start with them: one line, exit 2
        recordedJvmArgs = DbRun.maskArgs(jvmArgs);
        if (!jvmArgs.isEmpty()) {
            selected = selected.stream().map(p -> p.withJvmArgs(jvmArgs)).toList();
        }
        Scale s = scale.full ? Scale.FULL : Scale.QUICK;
        RunDirectory.checkOut(out, force);
        DbOptions dbOptions = db.options();
        List<Outcome> outcomes;
        RunDirectory run;
        // the servers first: a database that cannot be reached is one line and exit 2, before any run directory
        try (Services services = Services.start(selected, dbOptions)) {
            List<Pair> resolved = services.resolve(selected);
            RunDirectory dir = RunDirectory.create(out, force, "calibrate", s.label(), command(s, dbOptions));
            run = dir;
            System.err.printf("fiberbench: calibrating %d pairs × %d rounds%s, results in %s%n", resolved.size(), rounds,
                    maxTime == null ? "" : ", then the unresolved ones" + (autoPairs ? " (each with the pairs a round its first rounds"
                            + " suggest)" : "") + " until each is within or over the limit or " + Numbers.formatDuration(maxTime)
                            + " is spent", dir.dir());
            services.describe(line -> System.err.println("fiberbench: " + line));
            dir.warnings().forEach(w -> System.err.println("WARNING: " + w)); // a busy machine: the ratios are noisy
            if (interleaved) {
                outcomes = interleaved(dir, resolved, s, services);
            } else {
                Calibration c = new Calibration(new JmhSides(dir, s::settings, services), line -> System.err.println("  " + line));
                outcomes = c.run(resolved, rounds, o -> dir.put("calibration", CalibrationTable.section(o, rounds, s)));
            }
        }
        run.finish();
        System.out.print(CalibrationTable.text(outcomes, s));
        System.out.println("results: " + run.dir().resolve("results.json"));
        if (run.unsaved() != null) {
            System.err.println("fiberbench: " + run.unsaved());
            return 1;
        }
        return outcomes.stream().anyMatch(o -> o.verdict() == Outcome.Verdict.FAILED) ? 1 : 0;
    }

    /**
     * Rounds of interleaved forks, one per pair and round, and with {@code --max-time} more of the
     * unresolved pairs ({@link InterleavedRounds}); results.json is rewritten after each.
     */
    private List<Outcome> interleaved(RunDirectory dir, List<Pair> selected, Scale s, Services services) throws InterruptedException {
        List<Outcome> out = new ArrayList<>();
        for (Pair p : selected) {
            Outcome o = new Outcome(p, InterleavedFork.description(p, s, pairs, recordedJvmArgs));
            o.pairsPerRound = pairs;
            out.add(o);
        }
        InterleavedRounds.Round round = (o, r) -> InterleavedFork.run(o.pair, services.referenceJvmArgs(o.pair), s, o.pairsPerRound,
                dir.scenarioFile("interleaved-" + o.pair.name() + "-" + r, ".log"));
        InterleavedRounds.Recount recount = autoPairs ? (o, n) -> o.restart(n, InterleavedFork.description(o.pair, s, n, recordedJvmArgs)) : null;
        Object perRound = autoPairs ? "auto" : pairs;
        new InterleavedRounds(round, System::nanoTime, line -> System.err.println("  " + line), recount)
                .run(out, rounds, maxTime, o -> dir.put("calibration", CalibrationTable.section(o, rounds, maxTime, perRound, s)));
        return out;
    }

    /** --pairs N (2..MAX_PAIRS) or auto, which needs a budget and a pilot of at least three rounds to split. */
    private void parsePairs() {
        if (pairsGiven.equals("auto")) {
            if (maxTime == null) {
                throw new SpecException("--pairs auto needs --max-time (the pilot's rounds come first, then the budget's);"
                        + " accepted: --interleaved --pairs auto --max-time D, e.g. --max-time 60m");
            }
            if (rounds < VarianceSplit.MIN_ROUNDS) {
                throw new SpecException("--pairs auto takes its counts from a pilot of --rounds rounds, and --rounds " + rounds
                        + " is too few to split; accepted: --rounds " + VarianceSplit.MIN_ROUNDS + ".." + MAX_ROUNDS);
            }
            autoPairs = true;
            return;
        }
        try {
            pairs = Integer.parseInt(pairsGiven);
        } catch (NumberFormatException e) {
            throw new SpecException("--pairs " + pairsGiven + " is not a count; accepted: 2.." + InterleavedFork.MAX_PAIRS + " or auto");
        }
        if (pairs < 2 || pairs > InterleavedFork.MAX_PAIRS) {
            throw new SpecException("--pairs " + pairs + " is out of range; accepted: 2.." + InterleavedFork.MAX_PAIRS + " or auto");
        }
    }

    /** An option given as {@code flag value} that only {@code --interleaved} takes: bad input without it. */
    private void needsInterleaving(String flag, String value, String label, String example) {
        if (!interleaved) {
            throw new SpecException(flag + " " + value + " needs --interleaved; accepted: --interleaved " + flag + " " + label
                    + ", e.g. --interleaved " + flag + " " + example);
        }
    }

    /** The command as results.json records it: the database's URL masked, never a password. */
    private String command(Scale s, DbOptions d) {
        StringBuilder b = new StringBuilder("calibrate --workload " + workload + " --rounds " + rounds + " --" + s.label()
                + (interleaved ? " --interleaved" : "") + (maxTime != null ? " --max-time " + Numbers.formatDuration(maxTime) : "")
                + (pairsGiven != null ? " --pairs " + pairsGiven : "")
                + InterleavedFork.jvmArgsFlag(recordedJvmArgs));
        if (!d.embedded()) {
            b.append(" --db ").append(d.connection().maskedUrl());
            if (d.user() != null && !d.user().isEmpty()) {
                b.append(" --db-user ").append(d.user());
            }
        }
        if (d.rows() != DbOptions.EMBEDDED.rows()) {
            b.append(" --rows ").append(d.rows());
        }
        return b.toString();
    }

}
