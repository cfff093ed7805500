package org.fiberbench.cli.calibrate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.fiberbench.stats.Ratio;
import org.fiberbench.stats.RoundScatter;
import org.fiberbench.stats.Sample;

/**
 * Where an interleaved pair's spread comes from, and the quickest way to narrow it. A round's ratio
 * (its fork's geometric mean of per-pair ratios) varies for two reasons: operations scatter within
 * the fork, which more pairs a fork average out, and the fork itself shifts one side against the
 * other (how that JVM compiled and scheduled them), which only more forks average out. From the
 * rounds so far: σ_w, the pooled standard deviation of the per-pair log ratios about their round's
 * mean; σ_r, that of the rounds' log ratios; and the fork's own shift σ_f, with σ_f² = σ_r² − σ_w² ·
 * mean(1/k) (zero when the scatter explains all of σ_r). A few rounds tell σ_f badly: with
 * three, σ_r has two degrees of freedom, and rounds that only scatter often seem to shift. So σ_f
 * counts only where the rounds show it, where σ_r² / (σ_w² · mean(1/k)) exceeds the upper {@link
 * #SHIFT_SHOWN} point of F(rounds − 1, the pairs' degrees of freedom), the one-way analysis of
 * variance's test of a shift between groups; else the count is taken as if the forks did not shift,
 * and more pairs a round are tried first. A round of k pairs costs about a + b·k seconds (a: the
 * fork's start and warm-up; b: one measured pair, both sides) and varies by √(σ_f² + σ_w²/k). At the present ratio, each count k needs some number of rounds for the interval
 * to end on one side of the limit; the count suggested is the one whose rounds take the least time
 * ({@link #quickest}), with that number of rounds.
 *
 * @param rounds the rounds it was taken over
 * @param withinSd σ_w, per pair, in natural-log units (0.05 is about 5%)
 * @param roundsSd σ_r, observed
 * @param forkSd σ_f, estimated
 * @param shiftShown whether the rounds show σ_f apart from the scatter; the count and the rounds
 *     needed take σ_f as zero where they do not
 * @param fixedSeconds a
 * @param pairSeconds b
 * @param pairs the suggested measured pairs a round
 * @param roundsNeeded rounds of {@code pairs} to decide the verdict at the present ratio; null when the ratio
 *     sits on the limit or so near it that {@link #MAX_SEARCH} rounds would not decide it
 * @param margin how far the rounds' mean log ratio lies from the limit's, in natural-log units
 */
record VarianceSplit(int rounds, double withinSd, double roundsSd, double forkSd, boolean shiftShown, double fixedSeconds,
        double pairSeconds, int pairs, Integer roundsNeeded, double margin) {
    /** Rounds before a split is taken: two would give σ_r a single degree of freedom. */
    static final int MIN_ROUNDS = 3;
    /** Beyond this many rounds the verdict is called out of reach (and roundsNeeded null). */
    static final int MAX_SEARCH = 1_000_000;
    /** The F test's level for a fork shift to count: the rounds spread more than their pairs' scatter explains. */
    static final double SHIFT_SHOWN = 0.95;

    /**
     * The split of {@code o}'s rounds, or null when {@code o} was not interleaved, has fewer than
     * {@link #MIN_ROUNDS} rounds, a round of fewer than two pairs, no round times, or a time that is
     * not a positive number.
     */
    static VarianceSplit of(Outcome o) {
        int n = o.roundPairs.size();
        if (!o.paired || n < MIN_ROUNDS || o.roundSeconds.size() != n || o.roundPairs.stream().anyMatch(k -> k < 2)) {
            return null;
        }
        List<double[]> roundLogs = new ArrayList<>(n);
        double fixed = 0;
        double perPair = 0;
        int at = 0;
        for (int r = 0; r < n; r++) {
            int k = o.roundPairs.get(r);
            double[] logs = new double[k];
            double measured = 0;
            for (int i = 0; i < k; i++) {
                double ref = o.reference.get(at + i);
                double fb = o.fiberbench.get(at + i);
                if (!(ref > 0 && fb > 0) || Double.isInfinite(ref) || Double.isInfinite(fb)) {
                    return null;
                }
                logs[i] = Math.log(fb / ref);
                measured += (ref + fb) / 1000;
            }
            roundLogs.add(logs);
            fixed += o.roundSeconds.get(r) - measured;
            perPair += measured / k;
            at += k;
        }
        RoundScatter scatter = RoundScatter.of(roundLogs);
        double withinVar = scatter.withinVariance();
        Sample roundStats = Sample.of(scatter.means());
        double roundsVar = roundStats.variance();
        double scatterVar = scatter.meanVariance();
        double forkVar = Math.max(0, roundsVar - scatterVar);
        boolean shown = forkVar > 0 && roundsVar > scatterVar * Sample.fQuantile(SHIFT_SHOWN, n - 1, scatter.withinDf());
        double counted = shown ? forkVar : 0;
        double a = Math.max(fixed / n, 1e-3);
        double b = Math.max(perPair / n, 1e-6);
        // the log of the rounds' geometric mean, the ratio the verdict is taken on
        double margin = Math.abs(roundStats.mean() - Math.log(1 + Outcome.LIMIT_PCT / 100));
        int pairs = quickest(counted, withinVar, a, b, margin);
        Integer needed = roundsNeeded(Math.sqrt(counted + withinVar / pairs), margin);
        return new VarianceSplit(n, Math.sqrt(withinVar), Math.sqrt(roundsVar), Math.sqrt(forkVar), shown, a, b, pairs, needed, margin);
    }

    /**
     * Seconds the pair still needs, going on with {@code k} pairs a round, for its interval to end on
     * one side of the limit at the present ratio: the rounds a run of that count needs, less the
     * {@link #rounds} it has (one at least, as it is still open), times a round's a + b·k seconds;
     * infinite where no number of rounds decides it. The fork's shift counts only where the rounds
     * show it, as for {@link #pairs}.
     */
    double secondsLeft(int k) {
        return secondsLeft(k, rounds);
    }

    /** As {@link #secondsLeft(int)}, for a pair that has had {@code had} rounds of {@code k} pairs (0: a fresh start). */
    double secondsLeft(int k, int had) {
        double counted = shiftShown ? forkSd * forkSd : 0;
        Integer n = roundsNeeded(Math.sqrt(counted + withinSd * withinSd / Math.max(1, k)), margin);
        return n == null ? Double.POSITIVE_INFINITY : Math.max(1, n - had) * (fixedSeconds + pairSeconds * k);
    }

    /**
     * The measured pairs a round that decide the verdict soonest: the count k whose {@link
     * #roundsNeeded} times a round's a + b·k seconds is least. The interval is Student's over the
     * rounds, whose 99.9% quantile is 31.6 with three rounds and 5.4 with eight, so a few more rounds
     * of fewer pairs can end sooner than the fewest rounds of many; the count that buys the most
     * precision a second, k = σ_w/σ_f · √(a/b) (or 9a/b with no shift), leaves that out. It is kept
     * where no count decides the verdict (a ratio on the limit). The counts tried: every one to
     * {@link #DENSE_UP_TO}, then steps of {@link #STEP} times, then {@link InterleavedFork#MAX_PAIRS}.
     */
    static int quickest(double forkVar, double withinVar, double a, double b, double margin) {
        double asymptotic = forkVar > 0 ? Math.sqrt(withinVar / forkVar) * Math.sqrt(a / b) : 9 * a / b;
        int best = (int) Math.max(2, Math.min(InterleavedFork.MAX_PAIRS, Math.round(asymptotic)));
        if (!(margin > 0)) {
            return best;
        }
        Map<Integer, Double> quantiles = new HashMap<>();
        double bestSeconds = Double.POSITIVE_INFINITY;
        for (int k = 2; ; k = k < DENSE_UP_TO ? k + 1 : Math.min(InterleavedFork.MAX_PAIRS, (int) Math.ceil(k * STEP))) {
            Integer n = roundsNeeded(Math.sqrt(forkVar + withinVar / k), margin, quantiles);
            if (n != null && n * (a + b * k) < bestSeconds) {
                bestSeconds = n * (a + b * k);
                best = k;
            }
            if (k == InterleavedFork.MAX_PAIRS) {
                return best;
            }
        }
    }

    /** {@link #quickest} tries every count up to this one, */
    static final int DENSE_UP_TO = 20;
    /** and then counts this many times apart. */
    static final double STEP = 1.05;

    /**
     * The fewest rounds (at least 2) whose Student interval at {@link Ratio#CONFIDENCE}, for rounds
     * that vary by {@code sd}, is narrower on each side than {@code margin}; null beyond {@link
     * #MAX_SEARCH} or when the margin is 0. The half-width falls as rounds are added, so a binary
     * search finds it.
     */
    static Integer roundsNeeded(double sd, double margin) {
        return roundsNeeded(sd, margin, new HashMap<>());
    }

    /** As above, with the t quantiles already found, by rounds, in {@code quantiles} (and those found here added). */
    private static Integer roundsNeeded(double sd, double margin, Map<Integer, Double> quantiles) {
        if (!(margin > 0)) {
            return null;
        }
        if (halfWidth(sd, 2, quantiles) < margin) {
            return 2;
        }
        if (halfWidth(sd, MAX_SEARCH, quantiles) >= margin) {
            return null;
        }
        int lo = 2;
        int hi = MAX_SEARCH;
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (halfWidth(sd, mid, quantiles) < margin) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return hi;
    }

    static double halfWidth(double sd, int rounds) {
        return halfWidth(sd, rounds, new HashMap<>());
    }

    private static double halfWidth(double sd, int rounds, Map<Integer, Double> quantiles) {
        double t = quantiles.computeIfAbsent(rounds, n -> Sample.tQuantile(Ratio.CONFIDENCE, n - 1));
        return t * sd / Math.sqrt(rounds);
    }

    /** Seconds a round of {@link #pairs} takes. */
    double roundSeconds() {
        return fixedSeconds + pairSeconds * pairs;
    }

    /** Seconds that {@link #roundsNeeded} rounds take, or null with no such count. */
    Double secondsNeeded() {
        return roundsNeeded == null ? null : roundsNeeded * roundSeconds();
    }

    /**
     * The line under an unresolved pair: the split in percent, the suggested pairs a round and what
     * a fresh run with them would take at the present ratio, as a command to copy.
     */
    String line(String pair, Scale scale) {
        String split = String.format(Locale.ROOT, "spread over %d rounds: %.1f%% a pair within a fork, %.1f%% a fork's own shift%s", rounds,
                pct(withinSd), pct(forkSd), shiftNote());
        if (roundsNeeded == null) {
            return split + "; the ratio sits on the limit, so no number of rounds decides it";
        }
        String cost = String.format(Locale.ROOT, "about %d rounds of %d pairs (%s) at this ratio", roundsNeeded, pairs,
                minutes(secondsNeeded()));
        if (roundsNeeded > CalibrateCommand.MAX_ROUNDS) {
            return split + "; quickest: " + cost + ", past the " + CalibrateCommand.MAX_ROUNDS + " rounds of one run";
        }
        long budget = (long) Math.ceil(secondsNeeded() * 1.5 / 60);
        // a run measures its --rounds (10 by default) before it looks at the interval: fewer where fewer may do
        String first = roundsNeeded < CalibrateCommand.INTERLEAVED_ROUNDS ? " --rounds " + roundsNeeded : "";
        return split + "; quickest: " + cost + ": ./fiberbench calibrate --interleaved --" + scale.label() + " --workload " + pair
                + " --pairs " + pairs + first + " --max-time " + Math.max(1, budget) + "m";
    }

    /** results.json's {@code variance_split} of a pair. */
    Map<String, Object> section() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("rounds", rounds);
        m.put("within_fork_sd", withinSd);
        m.put("rounds_sd", roundsSd);
        m.put("fork_shift_sd", forkSd);
        m.put("fork_shift_shown", shiftShown);
        m.put("fixed_s", fixedSeconds);
        m.put("per_pair_s", pairSeconds);
        m.put("suggested_pairs", pairs);
        m.put("rounds_needed", roundsNeeded);
        m.put("seconds_needed", secondsNeeded());
        return m;
    }

    /** After the fork shift's figure: nothing where it counts, else that the count leaves it out. */
    String shiftNote() {
        return forkSd > 0 && !shiftShown ? ", not told apart from the scatter and so not counted" : "";
    }

    static double pct(double logSd) {
        return (Math.exp(logSd) - 1) * 100;
    }

    static String minutes(double seconds) {
        return seconds < 90 ? String.format(Locale.ROOT, "%.0f s", seconds) : String.format(Locale.ROOT, "%.0f min", seconds / 60);
    }
}
