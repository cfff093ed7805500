package org.fiberbench.cli.calibrate;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * The rounds of {@code calibrate --interleaved}: every pair gets the given rounds; then, with a time
 * budget ({@code --max-time}), the pairs whose interval still straddles the limit get more, a round
 * each in turn, until each is within or over the limit, reaches {@link CalibrateCommand#MAX_ROUNDS},
 * or its next round would not end within the budget (judged by its longest round so far). A pair
 * that resolves stops taking time, so the budget goes where the question is still open. The rounds
 * themselves are given ({@link Round}), so the schedule can be tested without forks.
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

    private final Round round;
    private final LongSupplier nanoClock;
    private final Consumer<String> progress;

    InterleavedRounds(Round round, LongSupplier nanoClock, Consumer<String> progress) {
        this.round = round;
        this.nanoClock = nanoClock;
        this.progress = progress;
    }

    /**
     * {@code rounds} rounds of every outcome, then, when {@code budget} is not null, the unresolved
     * ones' further rounds until it is spent (counted from this call). {@code afterEach} sees the
     * outcomes after every round of every pair.
     */
    void run(List<Outcome> out, int rounds, Duration budget, Consumer<List<Outcome>> afterEach) throws InterruptedException {
        long start = nanoClock.getAsLong();
        Map<Outcome, Long> longest = new HashMap<>();
        for (int r = 0; ; r++) {
            List<Outcome> active = new ArrayList<>();
            for (Outcome o : out) {
                if (r < rounds || budget != null && open(o)) {
                    active.add(o);
                }
            }
            if (active.isEmpty()) {
                break;
            }
            for (Outcome o : active) {
                if (r >= rounds) {
                    long elapsed = nanoClock.getAsLong() - start;
                    if (elapsed + longest.getOrDefault(o, 0L) > budget.toNanos()) {
                        o.stopped = Stop.MAX_TIME;
                        continue;
                    }
                }
                progress.accept("round " + (r + 1) + (r < rounds ? "/" + rounds : "") + ": " + o.pair.name() + " (interleaved)");
                long t0 = nanoClock.getAsLong();
                try {
                    double[][] v = round.run(o, r + 1);
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
                afterEach.accept(out);
            }
        }
        if (budget != null) {
            for (Outcome o : out) {
                if (o.stopped == null) {
                    o.stopped = stopOf(o);
                }
            }
            afterEach.accept(out);
        }
    }

    /** Whether {@code o} should get another round: not failed, not stopped, under the round limit and not yet resolved. */
    private static boolean open(Outcome o) {
        return o.stopped == null && stopOf(o) == null;
    }

    /**
     * Why {@code o} is done, or null while it is open. Two rounds at least before a verdict counts:
     * with one, the interval would be over its pairs, which share the fork's shift.
     */
    private static Stop stopOf(Outcome o) {
        if (!o.failures.isEmpty()) {
            return Stop.FAILED;
        }
        if (o.rounds >= 2 && o.verdict() != Outcome.Verdict.UNRESOLVED) {
            return Stop.RESOLVED;
        }
        return o.rounds >= CalibrateCommand.MAX_ROUNDS ? Stop.MAX_ROUNDS : null;
    }
}
