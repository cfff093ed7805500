package org.fiberbench.cli.calibrate;

import java.io.IOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * The rounds of {@code calibrate --interleaved}: every pair gets the given rounds; then, with a time
 * budget ({@code --max-time}), the pairs whose interval still straddles the limit get more, one round
 * at a time to the pair nearest its verdict ({@link #next}), until each is within or over the limit,
 * reaches {@link CalibrateCommand#MAX_ROUNDS}, or its next round would not end within the budget
 * (judged by its longest round so far). A pair that resolves stops taking time, so the budget goes
 * where the question is still open, and first where it can be closed soonest. The rounds
 * themselves are given ({@link Round}), so the schedule can be tested without forks.
 *
 * <p>With {@code --pairs auto} ({@link Recount}), the first rounds are a pilot: a pair still
 * unresolved after them whose {@link VarianceSplit} asks for at least {@link #RECOUNT_FACTOR} times
 * the pairs a round it had starts over with that count, the pilot kept apart ({@link Outcome#restart}).
 * A pair that kept its count is looked at again before each of its rounds of the budget: three
 * rounds tell the split badly, and more may show that more pairs a round would settle it. It
 * starts over then, once, if its split asks for {@link #RECOUNT_FACTOR} times the pairs and a fresh
 * start with them is expected to settle it sooner than going on ({@link #restartPays}): a late start
 * throws more rounds away, so it must pay for them. Either start over is taken only where the
 * budget left holds what the split expects a fresh start with the new count to take ({@link
 * #settlesWithin}).
 */
final class InterleavedRounds {
    /** Why a pair stopped getting rounds; only when a budget was given. */
    enum Stop {
        RESOLVED, MAX_TIME, MAX_ROUNDS, FAILED;

        /** results.json's name: {@code max_time}. */
        String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** One round of a pair: its measured pairs, {reference ms[], fiberbench ms[]}. */
    interface Round {
        double[][] run(Outcome o, int round) throws IOException, InterruptedException;
    }

    /** {@code --pairs auto}: starts {@code o} over with {@code pairs} measured pairs a round. */
    interface Recount {
        void restart(Outcome o, int pairs);
    }

    /** A pilot's suggested count must be this many times the one it ran with before the pair starts over. */
    static final int RECOUNT_FACTOR = 2;

    private final Round round;
    private final LongSupplier nanoClock;
    private final Consumer<String> progress;
    private final Recount recount;

    InterleavedRounds(Round round, LongSupplier nanoClock, Consumer<String> progress) {
        this(round, nanoClock, progress, null);
    }

    /** With {@code recount} not null, the first rounds are a pilot that may change a pair's count (with a budget). */
    InterleavedRounds(Round round, LongSupplier nanoClock, Consumer<String> progress, Recount recount) {
        this.round = round;
        this.nanoClock = nanoClock;
        this.progress = progress;
        this.recount = recount;
    }

    /**
     * {@code rounds} rounds of every outcome, then, when {@code budget} is not null, the unresolved
     * ones' further rounds until it is spent (counted from this call), the pair nearest its verdict
     * first ({@link #next}). {@code afterEach} sees the outcomes after every round of every pair.
     */
    void run(List<Outcome> out, int rounds, Duration budget, Consumer<List<Outcome>> afterEach) throws InterruptedException {
        long start = nanoClock.getAsLong();
        Map<Outcome, Long> longest = new HashMap<>();
        Map<Outcome, Integer> forks = new HashMap<>();
        for (int r = 0; r < rounds; r++) {
            for (Outcome o : out) {
                progress.accept("round " + (r + 1) + "/" + rounds + ": " + o.pair.name() + " (interleaved)");
                runRound(o, longest, forks);
                if (r + 1 == rounds && recount != null && budget != null && open(o)) {
                    recount(o, longest, budget.toNanos() - (nanoClock.getAsLong() - start));
                }
                afterEach.accept(out);
            }
        }
        if (budget == null) {
            return;
        }
        for (Outcome o; (o = next(out)) != null; ) {
            long elapsed = nanoClock.getAsLong() - start;
            if (recount != null && o.pilot == null && recountLater(o, longest, budget.toNanos() - elapsed)) {
                // started over: its place in the queue is now what its pilot's split expects
                afterEach.accept(out);
                continue;
            }
            if (elapsed + longest.getOrDefault(o, 0L) > budget.toNanos()) {
                o.stopped = Stop.MAX_TIME;
                continue;
            }
            double left = secondsLeft(o);
            progress.accept("round " + (forks.getOrDefault(o, 0) + 1) + ": " + o.pair.name() + " (interleaved"
                    + (Double.isFinite(left) ? "; about " + VarianceSplit.minutes(left) + " more at this ratio" : "") + ")");
            runRound(o, longest, forks);
            afterEach.accept(out);
        }
        for (Outcome o : out) {
            o.backToPilot();
            if (o.stopped == null) {
                o.stopped = stopOf(o);
            }
        }
        afterEach.accept(out);
    }

    /** One round of {@code o}, numbered by the forks it has had (its pilot's included), pooled into it. */
    private void runRound(Outcome o, Map<Outcome, Long> longest, Map<Outcome, Integer> forks) throws InterruptedException {
        int number = forks.merge(o, 1, Integer::sum);
        long t0 = nanoClock.getAsLong();
        try {
            double[][] v = round.run(o, number);
            for (int i = 0; i < v[0].length; i++) {
                o.reference.add(v[0][i]);
                o.fiberbench.add(v[1][i]);
            }
            o.roundPairs.add(v[0].length);
            o.roundSeconds.add((nanoClock.getAsLong() - t0) / 1e9);
        } catch (IOException e) {
            o.failures.add("interleaved: " + e.getMessage());
        }
        longest.merge(o, nanoClock.getAsLong() - t0, Math::max);
        o.rounds++;
    }

    /**
     * The open pair to give the next round of the budget, or null when none is open: the one whose
     * verdict is nearest in time ({@link #secondsLeft}). A pair that started over after its pilot
     * has too few rounds of its new count for a split of its own, and is taken at what its pilot's
     * split expected, less the seconds its new rounds have taken. One with too few rounds and no
     * pilot (a run of fewer than three given rounds) comes first: the fewest rounds first, then in the
     * table's order, round by round as before the budget. Taken in turn, a budget that cannot settle every pair
     * would leave each a few rounds short; nearest first, the ones it can settle are settled, and
     * the farthest, which it could not have settled anyway, get what is left (shortest job first,
     * which settles the most jobs by one deadline). A pair with no number of rounds that decides it
     * (its ratio on the limit) comes last.
     */
    static Outcome next(List<Outcome> out) {
        Outcome best = null;
        double bestLeft = 0;
        for (Outcome o : out) {
            if (!open(o)) {
                continue;
            }
            boolean unknown = o.roundPairs.size() < VarianceSplit.MIN_ROUNDS && o.secondsExpected == null;
            double left = unknown ? -1.0 / (1 + o.rounds) : secondsLeft(o);
            if (best == null || left < bestLeft) {
                best = o;
                bestLeft = left;
            }
        }
        return best;
    }

    /**
     * The seconds {@code o} still needs, as far as its rounds tell: its split's {@link
     * VarianceSplit#secondsLeft} at the count it goes on with; started over and with too few rounds
     * of the new count for a split, what its pilot's split expected less what the new rounds took;
     * infinite with neither, or with no number of rounds that decides it.
     */
    static double secondsLeft(Outcome o) {
        VarianceSplit split = VarianceSplit.of(o);
        if (split != null) {
            return split.secondsLeft(lastCount(o));
        }
        if (o.secondsExpected != null && o.roundPairs.size() < VarianceSplit.MIN_ROUNDS) {
            return Math.max(0, o.secondsExpected - o.roundSeconds.stream().mapToDouble(Double::doubleValue).sum());
        }
        return Double.POSITIVE_INFINITY;
    }

    /**
     * After the pilot: when the split asks for {@link #RECOUNT_FACTOR} times the pairs or more, and
     * {@code leftNanos} of the budget holds {@link VarianceSplit#MIN_ROUNDS} rounds of them and what
     * the split expects a fresh start with them to take ({@link #settlesWithin}), the pair starts over
     * with that count, and its longest round becomes the split's estimate of one. With less left it
     * goes on with the count it had: starting over for a round or two, or for rounds that could not
     * settle it, would throw the pilot's rounds away for fewer.
     */
    private void recount(Outcome o, Map<Outcome, Long> longest, long leftNanos) {
        VarianceSplit split = VarianceSplit.of(o);
        int had = lastCount(o);
        if (split == null || split.pairs() < RECOUNT_FACTOR * had) {
            return;
        }
        if (!roundsFit(split, leftNanos)) {
            progress.accept(String.format(Locale.ROOT, "%s: its split asks for %d pairs a round, but %d rounds of them would not"
                    + " fit in what is left of --max-time; it goes on with %d", o.pair.name(), split.pairs(), VarianceSplit.MIN_ROUNDS, had));
            return;
        }
        if (!settlesWithin(split, leftNanos)) {
            progress.accept(String.format(Locale.ROOT, "%s: its split asks for %d pairs a round, but a fresh start with them would"
                    + " take about %s, more than is left of --max-time; it goes on with %d", o.pair.name(), split.pairs(),
                    VarianceSplit.minutes(split.secondsLeft(split.pairs(), 0)), had));
            return;
        }
        progress.accept(String.format(Locale.ROOT, "%s: after a pilot of %d rounds of %d pairs (%.1f%% a pair within a fork,"
                + " %.1f%% a fork's own shift%s), %d pairs a round from here; the pilot is kept apart", o.pair.name(), o.rounds, had,
                VarianceSplit.pct(split.withinSd()), VarianceSplit.pct(split.forkSd()), split.shiftNote(), split.pairs()));
        startOver(o, split, longest);
    }

    /**
     * Within the budget, for a pair that kept its count after the pilot: it starts over when its
     * split asks for {@link #RECOUNT_FACTOR} times the pairs, a fresh start with them pays ({@link
     * #restartPays}) and {@code leftNanos} holds {@link VarianceSplit#MIN_ROUNDS} rounds of them and
     * what the fresh start is expected to take ({@link #settlesWithin}).
     * Returns whether it started over.
     */
    private boolean recountLater(Outcome o, Map<Outcome, Long> longest, long leftNanos) {
        VarianceSplit split = VarianceSplit.of(o);
        int had = lastCount(o);
        if (split == null || split.pairs() < RECOUNT_FACTOR * had || !restartPays(split, had)
                || !roundsFit(split, leftNanos) || !settlesWithin(split, leftNanos)) {
            return false;
        }
        progress.accept(String.format(Locale.ROOT, "%s: after %d rounds of %d pairs (%.1f%% a pair within a fork, %.1f%% a fork's own"
                + " shift%s; about %s more at this count), %d pairs a round from a fresh start (about %s); the rounds so far are kept apart",
                o.pair.name(), o.rounds, had, VarianceSplit.pct(split.withinSd()), VarianceSplit.pct(split.forkSd()), split.shiftNote(),
                VarianceSplit.minutes(split.secondsLeft(had)), split.pairs(), VarianceSplit.minutes(split.secondsLeft(split.pairs(), 0))));
        startOver(o, split, longest);
        return true;
    }

    /** Whether {@link VarianceSplit#MIN_ROUNDS} rounds of the split's count fit in {@code leftNanos}. */
    private static boolean roundsFit(VarianceSplit split, long leftNanos) {
        return VarianceSplit.MIN_ROUNDS * split.roundSeconds() * 1e9 <= leftNanos;
    }

    /**
     * Whether a fresh start with the split's count is expected to settle the pair ({@link
     * VarianceSplit#secondsLeft(int, int)}) within {@code leftNanos}. One that is not would be placed
     * last in the queue ({@link #next}) and, the other pairs served first, could end the budget with
     * no round of its new count and its earlier rounds set apart: going on with the count it has keeps
     * every round it gets in its interval.
     */
    private static boolean settlesWithin(VarianceSplit split, long leftNanos) {
        return split.secondsLeft(split.pairs(), 0) * 1e9 <= leftNanos;
    }

    /** The pairs a round {@code o}'s last round measured; 0 before its first. */
    private static int lastCount(Outcome o) {
        return o.roundPairs.isEmpty() ? 0 : o.roundPairs.get(o.roundPairs.size() - 1);
    }

    /** Starts {@code o} over with its split's count; its longest round becomes the split's estimate of one. */
    private void startOver(Outcome o, VarianceSplit split, Map<Outcome, Long> longest) {
        recount.restart(o, split.pairs());
        longest.put(o, (long) (split.roundSeconds() * 1e9));
    }

    /**
     * Whether starting over with the split's count is expected to settle the pair sooner than going
     * on with the {@code had} pairs a round it has: {@link VarianceSplit#secondsLeft(int, int)} from
     * a fresh start below {@link VarianceSplit#secondsLeft(int)} at its present count. Not where
     * neither settles it (a ratio on the limit): there the rounds it has are all it can show.
     */
    static boolean restartPays(VarianceSplit split, int had) {
        return split.secondsLeft(split.pairs(), 0) < split.secondsLeft(had);
    }

    /** Whether {@code o} should get another round: not failed, not stopped, under the round limit and not yet resolved. */
    private static boolean open(Outcome o) {
        return o.stopped == null && stopOf(o) == null;
    }

    /**
     * Why {@code o} is done, or null while it is open. A verdict takes two rounds at least ({@link
     * Outcome#verdict}): with one, the interval would be over its pairs, which share the fork's shift.
     */
    private static Stop stopOf(Outcome o) {
        if (!o.failures.isEmpty()) {
            return Stop.FAILED;
        }
        if (o.verdict() != Outcome.Verdict.UNRESOLVED) {
            return Stop.RESOLVED;
        }
        return o.rounds >= CalibrateCommand.MAX_ROUNDS ? Stop.MAX_ROUNDS : null;
    }
}
