package org.fiberbench.cli.calibrate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Random;
import org.fiberbench.stats.Ratio;
import org.junit.jupiter.api.Test;

/**
 * The split of an interleaved pair's spread into the scatter within a fork and the fork's own shift,
 * on rounds made up here with known parts, and the pair count and rounds it suggests.
 */
class VarianceSplitTest {
    /** An interleaved outcome whose rounds are given as per-pair log ratios, each reference at {@code refMs}. */
    private static Outcome outcome(String pair, double refMs, double fixedSeconds, double[][] roundLogs) {
        Outcome o = new Outcome(Pairs.select(pair).get(0), "calibrate --interleaved (test)");
        for (double[] logs : roundLogs) {
            double measured = 0;
            for (double x : logs) {
                double fb = refMs * Math.exp(x);
                o.reference.add(refMs);
                o.fiberbench.add(fb);
                measured += (refMs + fb) / 1000;
            }
            o.roundPairs.add(logs.length);
            o.roundSeconds.add(fixedSeconds + measured);
            o.rounds++;
        }
        return o;
    }

    /** Rounds of {@code pairs} pairs: each fork shifted by N(centre, forkSd), each pair scattered by N(0, withinSd). */
    private static double[][] made(long seed, int rounds, int pairs, double centre, double forkSd, double withinSd) {
        Random rnd = new Random(seed);
        double[][] out = new double[rounds][pairs];
        for (int r = 0; r < rounds; r++) {
            double shift = centre + forkSd * rnd.nextGaussian();
            for (int i = 0; i < pairs; i++) {
                out[r][i] = shift + withinSd * rnd.nextGaussian();
            }
        }
        return out;
    }

    @Test
    void exactPartsOfAHandMadeSpread() {
        // three forks at -s, 0, +s with pairs at their mean ± w: within 2w², rounds s², the fork's shift s² - w²
        double w = 0.1;
        double s = 0.1 * Math.sqrt(2);
        double[][] logs = {{-s + w, -s - w}, {w, -w}, {s + w, s - w}};
        VarianceSplit v = VarianceSplit.of(outcome("jdbc-point-offload", 40, 6.5, logs));
        assertNotNull(v);
        assertEquals(3, v.rounds());
        assertEquals(w * Math.sqrt(2), v.withinSd(), 1e-12);
        assertEquals(s, v.roundsSd(), 1e-12);
        assertEquals(0.1, v.forkSd(), 1e-12);
        assertFalse(v.shiftShown(), "F = 2 on (2, 3) degrees of freedom: well under its 95% point, 9.55");
        assertEquals(6.5, v.fixedSeconds(), 1e-9);
    }

    /**
     * Forks that do not shift, pairs that scatter by 15% (the database pairs' scatter): over 2000
     * pilots of 3 rounds of 10 pairs, half estimate some shift, and the F test counts it in about 5%,
     * its level. A shift of 10% with the same scatter is counted in most pilots.
     */
    @Test
    void aShiftCountsOnlyWhereTheRoundsShowIt() {
        int estimated = 0;
        int shown = 0;
        for (long seed = 0; seed < 2000; seed++) {
            VarianceSplit v = VarianceSplit.of(outcome("jdbc-point-direct", 65, 6.5, made(seed, 3, 10, 0, 0, 0.15)));
            estimated += v.forkSd() > 0 ? 1 : 0;
            shown += v.shiftShown() ? 1 : 0;
        }
        assertTrue(estimated > 700 && estimated < 1300, estimated + " of 2000 estimate a shift");
        assertTrue(shown > 60 && shown < 140, shown + " of 2000 count it");
        int real = 0;
        for (long seed = 0; seed < 200; seed++) {
            real += VarianceSplit.of(outcome("jdbc-point-direct", 65, 6.5, made(seed, 3, 10, 0, 0.1, 0.15))).shiftShown() ? 1 : 0;
        }
        assertTrue(real > 100, real + " of 200 count a 10% shift");
    }

    /**
     * A pilot whose rounds seem to shift by chance asks for the count of forks that do not shift,
     * more pairs a round than the estimate would give, and says why in its line.
     */
    @Test
    void aShiftNotShownLeavesTheCountToTheScatter() {
        for (long seed = 0; ; seed++) {
            double[][] logs = made(seed, 3, 10, 0, 0, 0.15);
            VarianceSplit v = VarianceSplit.of(outcome("jdbc-point-direct", 65, 6.5, logs));
            if (v.shiftShown() || v.forkSd() < 0.03) {
                continue;
            }
            double margin = Math.abs(Math.log(Ratio.geometricMean(outcome("jdbc-point-direct", 65, 6.5, logs).roundRatios())) - Math.log(1.02));
            double forkVar = v.forkSd() * v.forkSd();
            double withinVar = v.withinSd() * v.withinSd();
            assertEquals(VarianceSplit.quickest(0, withinVar, v.fixedSeconds(), v.pairSeconds(), margin), v.pairs());
            assertTrue(v.pairs() > VarianceSplit.quickest(forkVar, withinVar, v.fixedSeconds(), v.pairSeconds(), margin),
                    "seed " + seed + ": " + v.pairs() + " pairs");
            assertEquals(VarianceSplit.roundsNeeded(v.withinSd() / Math.sqrt(v.pairs()), margin), v.roundsNeeded());
            assertTrue(v.line("jdbc-point-direct", Scale.QUICK).contains("a fork's own shift, not told apart from the scatter and so not counted;"),
                    v.line("jdbc-point-direct", Scale.QUICK));
            assertEquals(false, v.section().get("fork_shift_shown"));
            return;
        }
    }

    /** Forks that shift by 3% and pairs that scatter by 20%, as the offload pairs did: both parts and the best count recovered. */
    @Test
    void recoversTheScatterAndTheShiftAndSuggestsTheCountThatNarrowsFastest() {
        Outcome o = outcome("jdbc-point-offload", 40, 6.5, made(7, 400, 50, 0.003, 0.03, 0.2));
        VarianceSplit v = VarianceSplit.of(o);
        assertNotNull(v);
        assertEquals(0.2, v.withinSd(), 0.2 * 0.03, "scatter within a fork");
        assertEquals(0.03, v.forkSd(), 0.03 * 0.15, "the fork's own shift");
        assertTrue(v.shiftShown(), "400 rounds show a 3% shift");
        assertEquals(6.5, v.fixedSeconds(), 1e-6, "a round's time less its measured pairs");
        assertEquals(0.0808, v.pairSeconds(), 0.002, "40 ms a side");
        // the count whose rounds take least time: no slower than the one with the most precision a second,
        // k = σ_w/σ_f · √(a/b) = 6.7 · 9.0 ≈ 60, nor than half or twice the count suggested
        double centreLog = Math.log(Ratio.geometricMean(o.roundRatios()));
        double margin = Math.log(1.02) - centreLog;
        double asymptotic = Math.sqrt(v.withinSd() * v.withinSd() / (v.forkSd() * v.forkSd()) * v.fixedSeconds() / v.pairSeconds());
        double chosen = seconds(v, v.pairs(), margin);
        for (int k : new int[] {(int) Math.round(asymptotic), v.pairs() / 2, v.pairs() * 2}) {
            assertTrue(chosen <= seconds(v, k, margin), v.pairs() + " pairs: " + chosen + " s; " + k + " pairs: " + seconds(v, k, margin) + " s");
        }
        assertTrue(v.pairs() >= 20 && v.pairs() <= 200, "suggested " + v.pairs());
        // the rounds at that count vary by √(0.03² + 0.2²/60) ≈ 0.039; a centre near 1.003 is about 0.017 below ln 1.02
        double sd = Math.sqrt(v.forkSd() * v.forkSd() + v.withinSd() * v.withinSd() / v.pairs());
        double centre = Math.log(Ratio.geometricMean(o.roundRatios()));
        assertEquals(0.003, centre, 0.005);
        assertEquals(VarianceSplit.roundsNeeded(sd, Math.log(1.02) - centre), v.roundsNeeded());
        assertTrue(v.roundsNeeded() > 40 && v.roundsNeeded() < 100, "rounds " + v.roundsNeeded());
        assertEquals(v.roundsNeeded() * (6.5 + v.pairSeconds() * v.pairs()), v.secondsNeeded(), 1e-6);
    }

    /** Seconds that the rounds {@code v}'s spread needs at {@code pairs} pairs take, or infinity when none decide. */
    private static double seconds(VarianceSplit v, int pairs, double margin) {
        Integer n = VarianceSplit.roundsNeeded(Math.sqrt(v.forkSd() * v.forkSd() + v.withinSd() * v.withinSd() / pairs), margin);
        return n == null ? Double.POSITIVE_INFINITY : n * (v.fixedSeconds() + v.pairSeconds() * pairs);
    }

    /**
     * Where the forks do not shift, more pairs always narrow a round, but a run needs several rounds
     * whatever their size (Student's quantile at 99.9% is 31.6 with three), so the quickest count is
     * below the one that makes the fork's fixed cost a tenth of a round (9a/b), and quicker than it.
     * A ratio on the limit, which no count decides, keeps 9a/b.
     */
    @Test
    void withNoShiftOfTheForksTheRoundsNeededSetTheCount() {
        double w = 0.2;
        double[][] logs = new double[5][];
        double[][] onLimit = new double[5][];
        for (int r = 0; r < logs.length; r++) {
            logs[r] = new double[] {w, -w, w, -w};
            onLimit[r] = new double[] {Math.log(1.02) + w, Math.log(1.02) - w, Math.log(1.02) + w, Math.log(1.02) - w};
        }
        VarianceSplit v = VarianceSplit.of(outcome("http-name", 60, 6.0, logs));
        assertNotNull(v);
        assertEquals(0, v.roundsSd(), 1e-12);
        assertEquals(0, v.forkSd(), 0);
        long tenth = Math.round(9 * 6.0 / v.pairSeconds());
        assertTrue(v.pairs() < tenth / 2, v.pairs() + " pairs against " + tenth);
        double margin = Math.log(1.02);
        assertTrue(seconds(v, v.pairs(), margin) < 0.9 * seconds(v, (int) tenth, margin),
                seconds(v, v.pairs(), margin) + " s against " + seconds(v, (int) tenth, margin));
        assertEquals(v.roundsNeeded(), VarianceSplit.roundsNeeded(v.withinSd() / Math.sqrt(v.pairs()), margin));
        VarianceSplit limit = VarianceSplit.of(outcome("http-name", 60, 6.0, onLimit));
        assertNull(limit.roundsNeeded());
        assertEquals(Math.round(9 * 6.0 / limit.pairSeconds()), limit.pairs(), "no count decides: the most precision a second");
        VarianceSplit tiny = VarianceSplit.of(outcome("http-name", 60, 600.0, logs));
        assertTrue(tiny.pairs() > 5 * v.pairs() && tiny.pairs() <= InterleavedFork.MAX_PAIRS,
                "a fork that costs ten minutes: many more pairs a round, at most --pairs' own limit: " + tiny.pairs());
    }

    @Test
    void roundsNeededIsTheFirstCountWhoseIntervalFitsTheMargin() {
        Integer n = VarianceSplit.roundsNeeded(0.04, 0.0168);
        assertNotNull(n);
        assertTrue(VarianceSplit.halfWidth(0.04, n) < 0.0168);
        assertTrue(VarianceSplit.halfWidth(0.04, n - 1) >= 0.0168);
        assertTrue(n > 55 && n < 75, "t(0.999) · 0.04 / 0.0168 squared is about 62: " + n);
        assertEquals(2, VarianceSplit.roundsNeeded(0.001, 1.0));
        assertNull(VarianceSplit.roundsNeeded(0.04, 0), "a ratio on the limit is never decided");
        assertNull(VarianceSplit.roundsNeeded(0.04, 1e-9), "nor one a hair from it");
    }

    @Test
    void noSplitWithoutInterleavedRoundsEnoughOfThemAndTheirTimes() {
        double[][] two = made(1, 2, 10, 0, 0.01, 0.1);
        assertNull(VarianceSplit.of(outcome("cpu-fixed", 90, 3, two)), "two rounds");
        Outcome forked = new Outcome(Pairs.select("cpu-fixed").get(0));
        forked.reference.addAll(List.of(90.0, 91.0, 92.0));
        forked.fiberbench.addAll(List.of(90.0, 91.0, 92.0));
        assertNull(VarianceSplit.of(forked), "forked sides are not pairs");
        Outcome untimed = outcome("cpu-fixed", 90, 3, made(1, 3, 10, 0, 0.01, 0.1));
        untimed.roundSeconds.clear();
        assertNull(VarianceSplit.of(untimed));
        Outcome singles = outcome("cpu-fixed", 90, 3, new double[][] {{0.01}, {0.02}, {0.0}});
        assertNull(VarianceSplit.of(singles), "one pair a round has no scatter within it");
    }

    /** The table says it under an unresolved pair, with the command that would resolve it; results.json keeps it. */
    @Test
    void theTableAndResultsCarryTheSplit() {
        Outcome open = outcome("jdbc-point-offload", 40, 6.5, made(3, 12, 50, 0.003, 0.03, 0.2));
        Outcome resolved = outcome("sleep-fixed", 100, 3, made(5, 12, 10, 0.004, 0.001, 0.003));
        assertEquals(Outcome.Verdict.UNRESOLVED, open.verdict());
        assertEquals(Outcome.Verdict.WITHIN, resolved.verdict());
        String table = CalibrationTable.text(List.of(open, resolved), Scale.FULL);
        VarianceSplit v = VarianceSplit.of(open);
        assertTrue(table.contains("spread over 12 rounds: "), table);
        assertTrue(table.contains("a fork's own shift; quickest: about " + v.roundsNeeded() + " rounds of " + v.pairs() + " pairs"), table);
        assertTrue(table.contains("./fiberbench calibrate --interleaved --full --workload jdbc-point-offload --pairs " + v.pairs()
                + " --max-time "), table);
        assertEquals(1, table.split("spread over", -1).length - 1, "only under the unresolved pair: " + table);
        Map<String, Object> s = open.section();
        assertEquals(12, ((List<?>) s.get("round_seconds")).size());
        @SuppressWarnings("unchecked")
        Map<String, Object> split = (Map<String, Object>) s.get("variance_split");
        assertEquals(v.pairs(), split.get("suggested_pairs"));
        assertEquals(v.forkSd(), (Double) split.get("fork_shift_sd"), 0);
        assertEquals(v.roundsNeeded(), split.get("rounds_needed"));
        assertTrue(resolved.section().containsKey("variance_split"), "kept for every interleaved pair with enough rounds");
    }

    /** The words when no single run can resolve the pair: past the round limit, or a ratio on the limit. */
    @Test
    void saysWhenNoRunCanResolveIt() {
        VarianceSplit far = new VarianceSplit(10, 0.2, 0.05, 0.04, true, 6.5, 0.08, 50, 4000, 0.01);
        String line = far.line("jdbc-scan-offload", Scale.FULL);
        assertTrue(line.contains("about 4000 rounds of 50 pairs (" + Math.round(4000 * 10.5 / 60) + " min) at this ratio, past the "
                + CalibrateCommand.MAX_ROUNDS + " rounds of one run"), line);
        assertFalse(line.contains("./fiberbench"), line);
        VarianceSplit near = new VarianceSplit(10, 0.2, 0.05, 0.01, true, 6.5, 0.08, 120, 4, 0.01);
        assertTrue(near.line("http-name", Scale.QUICK).endsWith("./fiberbench calibrate --interleaved --quick --workload http-name"
                + " --pairs 120 --rounds 4 --max-time 2m"), "fewer first rounds than the default ten: " + near.line("http-name", Scale.QUICK));
        VarianceSplit onTheLimit = new VarianceSplit(10, 0.2, 0.05, 0.04, true, 6.5, 0.08, 50, null, 0.0);
        assertTrue(onTheLimit.line("jdbc-scan-offload", Scale.FULL).endsWith("the ratio sits on the limit, so no number of rounds decides it"));
        assertNull(onTheLimit.section().get("seconds_needed"));
    }

    /**
     * What a pair still needs at the count it goes on with: the rounds a run of that count needs at
     * the present margin, less those it has had, times a round's seconds; fewer pairs a round need
     * more rounds; a shift the rounds do not show is not counted; a ratio on the limit never settles.
     */
    @Test
    void secondsLeftAreTheRoundsStillNeededAtTheCountGoneOnWith() {
        VarianceSplit v = new VarianceSplit(10, 0.2, 0.05, 0.01, true, 6.5, 0.08, 120, 14, 0.01);
        int at120 = VarianceSplit.roundsNeeded(Math.sqrt(0.01 * 0.01 + 0.04 / 120), 0.01);
        assertEquals((at120 - 10) * (6.5 + 0.08 * 120), v.secondsLeft(120), 1e-9);
        int at10 = VarianceSplit.roundsNeeded(Math.sqrt(0.01 * 0.01 + 0.04 / 10), 0.01);
        assertTrue(at10 > at120, at10 + " rounds of 10 against " + at120 + " of 120");
        assertEquals((at10 - 10) * (6.5 + 0.08 * 10), v.secondsLeft(10), 1e-9);
        VarianceSplit unshown = new VarianceSplit(10, 0.2, 0.05, 0.01, false, 6.5, 0.08, 120, 14, 0.01);
        int scatterOnly = VarianceSplit.roundsNeeded(0.2 / Math.sqrt(120), 0.01);
        assertEquals(Math.max(1, scatterOnly - 10) * (6.5 + 0.08 * 120), unshown.secondsLeft(120), 1e-9);
        VarianceSplit almost = new VarianceSplit(40, 0.2, 0.05, 0.01, true, 6.5, 0.08, 120, 14, 0.01);
        assertEquals(Math.max(1, at120 - 40) * (6.5 + 0.08 * 120), almost.secondsLeft(120), 1e-9, "one round at least while open");
        VarianceSplit onTheLimit = new VarianceSplit(10, 0.2, 0.05, 0.04, true, 6.5, 0.08, 50, null, 0.0);
        assertEquals(Double.POSITIVE_INFINITY, onTheLimit.secondsLeft(50));
    }

    /**
     * Three rounds whose geometric means agree to the fourth digit while their pairs scatter by 20%,
     * as http-name's did once on a twenty-sixth VM (1.0795, 1.0792, 1.0793): the rounds' own spread
     * would give an interval 0.2% wide, all of it over the limit. The pairs' scatter puts at least
     * σ_w²/k into each round's mean, so the pair stays open and gets more rounds.
     */
    @Test
    void roundsThatAgreeByChanceDoNotDecideAgainstThePairsScatter() {
        double centre = Math.log(1.079);
        double[][] logs = new double[3][10];
        for (int r = 0; r < 3; r++) {
            for (int i = 0; i < 10; i++) {
                logs[r][i] = centre + 0.2 * (i % 2 == 0 ? 1 : -1) * (1 + (i / 2 + r) % 5) / 3.0;
            }
        }
        Outcome o = outcome("http-name", 60, 5, logs);
        assertArrayEquals(new double[] {1.079, 1.079, 1.079}, o.roundRatios(), 1e-12);
        assertEquals(Outcome.Verdict.UNRESOLVED, o.verdict(), o.ratio().text());
        assertTrue(o.ratio().ciLow() < 1.02 && o.ratio().ciHigh() > 1.10, o.ratio().text());
        // the same pairs with their scatter gone: now the rounds do decide
        Outcome tight = outcome("http-name", 60, 5, new double[][] {{centre, centre}, {centre, centre}, {centre, centre}});
        assertEquals(Outcome.Verdict.OVER, tight.verdict());
    }
}
