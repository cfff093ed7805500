package org.fiberbench.cli.calibrate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fiberbench.stats.Ratio;
import org.fiberbench.stats.Sample;

/**
 * One pair's iterations so far, pooled over rounds, and what they say: fiberbench's score over the
 * reference's, with the interval of {@link Ratio#of}, and whether the harness cost is within {@value
 * #LIMIT_PCT}%. Not thread-safe: one calibration fills it.
 */
final class Outcome {
    /** The harness cost allowed: fiberbench at most this much slower than the hand-written benchmark. */
    static final double LIMIT_PCT = 2.0;

    /** What the interval says of the limit. */
    enum Verdict {
        WITHIN("yes"), OVER("no"), UNRESOLVED("unresolved"), FAILED("failed");

        final String label;

        Verdict(String label) {
            this.label = label;
        }
    }

    final Pair pair;
    final List<Double> reference = new ArrayList<>();
    final List<Double> fiberbench = new ArrayList<>();
    final List<String> failures = new ArrayList<>();
    /** Interleaved: reference[i] and fiberbench[i] are one pair of batches, measured side by side in one fork. */
    final boolean paired;
    /** What repeats a paired round (null when not paired: each side has its own command). */
    String pairedCommand;
    /** Paired: the measured pairs its next rounds ask of a fork; null for the scale's count. */
    Integer pairsPerRound;
    /**
     * Paired, with {@code --pairs auto}: the rounds measured before the pair's count was changed, as
     * results.json's {@code pilot}; they are kept apart, not pooled with the rounds after.
     */
    Map<String, Object> pilot;
    /** The pilot in words for the table: its rounds, pairs a round and ratio. */
    String pilotSummary;
    /**
     * Started over: the seconds its pilot's split expected a run of the new count to take (infinite
     * where no number of rounds would decide it); null when the pair did not start over.
     */
    Double secondsExpected;
    /**
     * A pair that started over and got no round of its new count ({@link #backToPilot}): that count,
     * as results.json's {@code unused_pairs_per_round}; null otherwise.
     */
    Integer unusedPairsPerRound;
    /** The pilot's own values, kept by {@link #restart} for {@link #backToPilot}. */
    private Pilot kept;
    /** Paired: how many pairs each round's fork measured, in order. */
    final List<Integer> roundPairs = new ArrayList<>();
    /** Paired: each round's wall time in seconds, its fork's start and warm-up included, in order. */
    final List<Double> roundSeconds = new ArrayList<>();
    int rounds;
    /** With {@code --max-time}: why the pair got no more rounds; null without a budget. */
    InterleavedRounds.Stop stopped;

    Outcome(Pair pair) {
        this(pair, null);
    }

    /** With {@code pairedCommand}, an interleaved outcome whose ratio is taken pair by pair. */
    Outcome(Pair pair, String pairedCommand) {
        this.pair = pair;
        this.paired = pairedCommand != null;
        this.pairedCommand = pairedCommand;
    }

    /**
     * Sets the rounds so far aside as the pilot and starts over with {@code pairs} measured pairs a
     * round, repeated by {@code command}: rounds of different counts have different spreads, so one
     * interval over both would weigh them as equals.
     */
    void restart(int pairs, String command) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("rounds", rounds);
        p.put("pairs_per_round", List.copyOf(roundPairs));
        p.put("command", pairedCommand);
        p.put("round_ratios", Arrays.stream(roundRatios()).boxed().toList());
        p.put("round_seconds", List.copyOf(roundSeconds));
        putRatio(p);
        VarianceSplit split = VarianceSplit.of(this);
        p.put("variance_split", split == null ? null : split.section());
        pilot = p;
        secondsExpected = split == null ? null : split.secondsLeft(pairs, 0);
        Ratio r = ratio();
        pilotSummary = rounds + (rounds == 1 ? " round" : " rounds") + " of " + roundPairs.get(0) + " pairs ("
                + (r == null ? "no ratio" : r.text()) + ")";
        kept = new Pilot(List.copyOf(reference), List.copyOf(fiberbench), List.copyOf(roundPairs), List.copyOf(roundSeconds), rounds,
                pairsPerRound, pairedCommand);
        reference.clear();
        fiberbench.clear();
        roundPairs.clear();
        roundSeconds.clear();
        rounds = 0;
        pairsPerRound = pairs;
        pairedCommand = command;
    }

    /**
     * A pair that started over and got no round of its new count (a budget spent on the pairs nearer
     * their verdicts) is its pilot again: its rounds are the ones it has, where it would otherwise
     * end with none; the count it did not get is kept as {@link #unusedPairsPerRound}. Nothing
     * changes for a pair that did not start over or has a round of its new count.
     */
    void backToPilot() {
        if (kept == null || !roundPairs.isEmpty()) {
            return;
        }
        unusedPairsPerRound = pairsPerRound;
        reference.addAll(kept.reference);
        fiberbench.addAll(kept.fiberbench);
        roundPairs.addAll(kept.roundPairs);
        roundSeconds.addAll(kept.roundSeconds);
        rounds = kept.rounds;
        pairsPerRound = kept.pairsPerRound;
        pairedCommand = kept.command;
        pilot = null;
        pilotSummary = null;
        secondsExpected = null;
        kept = null;
    }

    /** A pilot's rounds as they were before {@link #restart}. */
    private record Pilot(List<Double> reference, List<Double> fiberbench, List<Integer> roundPairs, List<Double> roundSeconds, int rounds,
            Integer pairsPerRound, String command) {
    }

    /** Paired, with one round (of the present count) so far: an interval over one fork's pairs, and no verdict. */
    boolean oneFork() {
        return paired && roundPairs.size() < 2;
    }

    /** fiberbench / reference, or null when a side has no value. */
    Ratio ratio() {
        if (reference.isEmpty() || fiberbench.isEmpty()) {
            return null;
        }
        if (paired) {
            return roundPairs.size() < 2 ? Ratio.paired(values(fiberbench), values(reference), Ratio.CONFIDENCE)
                    : Ratio.ofRounds(pairRatiosByRound(), Ratio.CONFIDENCE);
        }
        return Ratio.of(values(fiberbench), values(reference));
    }

    /**
     * Within when the whole interval is at or below 1 + limit, over when all of it is above,
     * unresolved when it straddles the limit (more rounds, or a quieter machine, decide) or does
     * not exist; failed when a side failed in any round. Paired, one round decides nothing: its
     * interval is over its pairs, which all share the one fork's shift (a round of 857 pairs gives
     * ±0.4% whatever that fork's JIT did), so a verdict takes two rounds at least.
     */
    Verdict verdict() {
        Ratio r = ratio();
        if (!failures.isEmpty()) {
            return Verdict.FAILED;
        }
        if (r == null || !r.hasInterval() || oneFork()) {
            return Verdict.UNRESOLVED;
        }
        double limit = 1 + LIMIT_PCT / 100;
        return r.ciHigh() <= limit ? Verdict.WITHIN : r.ciLow() > limit ? Verdict.OVER : Verdict.UNRESOLVED;
    }

    /**
     * Paired: each round's geometric mean of its per-pair ratios (see {@link Ratio#paired}). The fork
     * is the unit: each JVM compiles the task's loop its own way, so the pairs of one fork share a
     * shift that more pairs do not average out.
     */
    double[] roundRatios() {
        return pairRatiosByRound().stream().mapToDouble(Ratio::geometricMean).toArray();
    }

    /** Paired: each round's per-pair ratios, fiberbench over reference, in order. */
    List<double[]> pairRatiosByRound() {
        List<double[]> out = new ArrayList<>(roundPairs.size());
        int at = 0;
        for (int n : roundPairs) {
            double[] ratios = new double[n];
            for (int i = 0; i < n; i++) {
                ratios[i] = fiberbench.get(at + i) / reference.get(at + i);
            }
            out.add(ratios);
            at += n;
        }
        return out;
    }

    static double[] values(List<Double> v) {
        return v.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** results.json's entry for this pair. */
    Map<String, Object> section() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", pair.name());
        m.put("rounds", rounds);
        m.put("reference", side(reference, paired ? pairedCommand : pair.jmhCommand()));
        m.put("fiberbench", side(fiberbench, paired ? pairedCommand : pair.runCommand()));
        if (paired) {
            m.put("interleaved", true);
            m.put("round_ratios", Arrays.stream(roundRatios()).boxed().toList());
            m.put("round_seconds", List.copyOf(roundSeconds));
            VarianceSplit split = VarianceSplit.of(this);
            if (split != null) {
                m.put("variance_split", split.section());
            }
        }
        putRatio(m);
        if (stopped != null) {
            m.put("stopped", stopped.label());
        }
        if (pilot != null) {
            m.put("pairs_per_round", pairsPerRound);
            m.put("pilot", pilot);
        }
        if (unusedPairsPerRound != null) {
            m.put("unused_pairs_per_round", unusedPairsPerRound);
        }
        m.put("failures", List.copyOf(failures));
        return m;
    }

    /** The ratio, its interval and the verdict, into {@code m}. */
    private void putRatio(Map<String, Object> m) {
        Ratio r = ratio();
        m.put("ratio", r == null ? null : r.value());
        m.put("ratio_ci_low", r == null || !r.hasInterval() ? null : r.ciLow());
        m.put("ratio_ci_high", r == null || !r.hasInterval() || !r.interval().bounded() ? null : r.ciHigh());
        m.put("limit_pct", LIMIT_PCT);
        m.put("within_limit", verdict().label);
    }

    private static Map<String, Object> side(List<Double> v, String command) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("command", command);
        m.put("iterations", List.copyOf(v));
        Sample s = v.isEmpty() ? null : Sample.of(values(v));
        m.put("score_ms_per_op", s == null ? null : s.mean());
        m.put("score_error", s == null || s.n() < 2 ? null : s.error());
        return m;
    }
}
