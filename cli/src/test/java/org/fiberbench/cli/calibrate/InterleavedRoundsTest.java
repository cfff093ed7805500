package org.fiberbench.cli.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The schedule of {@code calibrate --interleaved --max-time}, with injected rounds and a clock that
 * each round advances by a minute (no forks): the budget goes to the pairs still unresolved, the
 * nearest its verdict first, and stops where it would be overrun.
 */
class InterleavedRoundsTest {
    private static final long MINUTE = Duration.ofMinutes(1).toNanos();
    private final List<String> ran = new ArrayList<>();
    private long now;

    /** A round of 10 pairs of 100 ms whose fiberbench side is {@code ratio.applyAsDouble(round)} of the reference's. */
    private InterleavedRounds rounds(Map<String, DoubleUnaryOperator> ratios) {
        InterleavedRounds.Round round = (o, r) -> {
            ran.add(o.pair.name() + " " + r);
            now += MINUTE;
            DoubleUnaryOperator ratio = ratios.get(o.pair.name());
            if (ratio == null) {
                throw new IOException("the fork exited 1");
            }
            double[][] v = new double[2][10];
            for (int i = 0; i < 10; i++) {
                v[0][i] = 100;
                v[1][i] = 100 * ratio.applyAsDouble(r);
            }
            return v;
        };
        return new InterleavedRounds(round, () -> now, line -> { });
    }

    private static List<Outcome> outcomes(String... pairs) {
        List<Outcome> out = new ArrayList<>();
        for (String p : pairs) {
            out.add(new Outcome(Pairs.select(p).get(0), "calibrate --interleaved (test)"));
        }
        return out;
    }

    /** Round ratios that alternate about {@code centre} by {@code spread}: an interval that narrows as rounds come. */
    private static DoubleUnaryOperator alternating(double centre, double spread) {
        return r -> r % 2 == 0 ? centre * (1 + spread) : centre / (1 + spread);
    }

    @Test
    void withoutABudgetEveryPairGetsTheGivenRoundsAndNoMore() throws Exception {
        List<Outcome> out = outcomes("cpu-fixed", "sleep-fixed");
        rounds(Map.of("cpu-fixed", alternating(1.0, 0.05), "sleep-fixed", alternating(1.0, 0.05))).run(out, 3, null, o -> { });
        assertEquals(List.of("cpu-fixed 1", "sleep-fixed 1", "cpu-fixed 2", "sleep-fixed 2", "cpu-fixed 3", "sleep-fixed 3"), ran);
        assertEquals(Outcome.Verdict.UNRESOLVED, out.get(0).verdict(), "three rounds of ±5%: still open");
        assertNull(out.get(0).stopped);
        assertTrue(!out.get(0).section().containsKey("stopped"));
        assertEquals(List.of(60.0, 60.0, 60.0), out.get(0).roundSeconds, "each round's wall time, from the clock");
    }

    /**
     * Within a budget, a pair that resolves gets no more rounds while a noisy one goes on, and the
     * budget stops it before a round that would end past it.
     */
    @Test
    void theBudgetGoesToThePairsStillUnresolvedUntilItIsSpent() throws Exception {
        List<Outcome> out = outcomes("cpu-fixed", "sleep-fixed", "file-fixed");
        // cpu-fixed: the same 1.001 every round, resolved at two; sleep-fixed: 1.10 every round, over at two;
        // file-fixed: 1.00 ± 8% round to round, open for many rounds
        rounds(Map.of("cpu-fixed", r -> 1.001, "sleep-fixed", r -> 1.10, "file-fixed", alternating(1.0, 0.08)))
                .run(out, 2, Duration.ofMinutes(20), o -> { });
        assertEquals(2, out.get(0).rounds);
        assertEquals(Outcome.Verdict.WITHIN, out.get(0).verdict());
        assertEquals(InterleavedRounds.Stop.RESOLVED, out.get(0).stopped);
        assertEquals(2, out.get(1).rounds);
        assertEquals(Outcome.Verdict.OVER, out.get(1).verdict());
        assertEquals(InterleavedRounds.Stop.RESOLVED, out.get(1).stopped);
        // 6 minutes for the first two rounds, then file-fixed alone: rounds 3..16 end at minutes 7..20
        assertEquals(16, out.get(2).rounds, ran.toString());
        assertEquals(Outcome.Verdict.UNRESOLVED, out.get(2).verdict());
        assertEquals(InterleavedRounds.Stop.MAX_TIME, out.get(2).stopped);
        assertEquals(20 * MINUTE, now, "no round ends past the budget");
        assertEquals("max_time", out.get(2).section().get("stopped"));
        assertTrue(CalibrationTable.text(out, Scale.QUICK).contains("still unresolved after 16 rounds, when --max-time was spent"),
                CalibrationTable.text(out, Scale.QUICK));
    }

    /**
     * A budget that cannot settle every pair goes first to the one nearest its verdict: with two
     * given rounds, each pair gets a third (too few rounds to tell how far each is), then sleep-fixed
     * (±1% a round, a few rounds from within) takes every round until it is settled, and cpu-fixed
     * (±8%, a hundred rounds or more away), listed first, only what is left. Taken in turn, the same
     * budget leaves both open.
     */
    @Test
    void theBudgetGoesFirstToThePairNearestItsVerdict() throws Exception {
        Map<String, DoubleUnaryOperator> ratios = Map.of("cpu-fixed", alternating(1.0, 0.08), "sleep-fixed", alternating(1.0, 0.01));
        List<Outcome> out = outcomes("cpu-fixed", "sleep-fixed");
        rounds(ratios).run(out, 2, Duration.ofMinutes(14), o -> { });
        assertEquals(List.of("cpu-fixed 1", "sleep-fixed 1", "cpu-fixed 2", "sleep-fixed 2", "cpu-fixed 3", "sleep-fixed 3"),
                ran.subList(0, 6), ran.toString());
        Outcome near = out.get(1);
        assertEquals(Outcome.Verdict.WITHIN, near.verdict(), ran.toString());
        assertEquals(InterleavedRounds.Stop.RESOLVED, near.stopped);
        int settled = ran.indexOf("sleep-fixed " + near.rounds);
        for (int i = 6; i <= settled; i++) {
            assertTrue(ran.get(i).startsWith("sleep-fixed "), "the near pair's rounds come one after the other: " + ran);
        }
        assertTrue(settled < ran.size() - 1 && ran.get(settled + 1).equals("cpu-fixed 4"), "then the far one: " + ran);
        Outcome far = out.get(0);
        assertEquals(Outcome.Verdict.UNRESOLVED, far.verdict());
        assertEquals(InterleavedRounds.Stop.MAX_TIME, far.stopped);
        assertEquals(14, ran.size(), "a round a minute, to the end of the budget: " + ran);

        // the same rounds in turn: at 14 minutes the near pair has had only half the rounds after the third
        Outcome inTurn = outcomes("sleep-fixed").get(0);
        ran.clear();
        rounds(ratios).run(List.of(inTurn), 3 + (14 - 6) / 2, null, o -> { });
        assertEquals(Outcome.Verdict.UNRESOLVED, inTurn.verdict(), "in turn, the budget would have left it open");
    }

    /** A pair that resolves late stops then, and one that never does stops at the round limit. */
    @Test
    void aPairStopsWhenItResolvesOrAtTheRoundLimit() throws Exception {
        List<Outcome> out = outcomes("cpu-fixed", "sleep-fixed");
        // cpu-fixed: ±1% about 1.0, within 2% once enough rounds have come; sleep-fixed: ±20% about 1.02, never
        rounds(Map.of("cpu-fixed", alternating(1.0, 0.01), "sleep-fixed", alternating(1.02, 0.2)))
                .run(out, 2, Duration.ofDays(1), o -> { });
        Outcome cpu = out.get(0);
        assertEquals(Outcome.Verdict.WITHIN, cpu.verdict());
        assertEquals(InterleavedRounds.Stop.RESOLVED, cpu.stopped);
        assertTrue(cpu.rounds > 2 && cpu.rounds < CalibrateCommand.MAX_ROUNDS, "resolved after " + cpu.rounds + " rounds");
        Outcome before = outcomes("cpu-fixed").get(0);
        // one round fewer left it open: the schedule stopped at the first round that resolved it
        rounds(Map.of("cpu-fixed", alternating(1.0, 0.01))).run(List.of(before), cpu.rounds - 1, null, o -> { });
        assertEquals(Outcome.Verdict.UNRESOLVED, before.verdict());
        assertEquals(CalibrateCommand.MAX_ROUNDS, out.get(1).rounds);
        assertEquals(InterleavedRounds.Stop.MAX_ROUNDS, out.get(1).stopped);
    }

    /** A failed fork is kept and the pair gets no further rounds; the others go on. */
    @Test
    void aFailedPairGetsNoFurtherRounds() throws Exception {
        List<Outcome> out = outcomes("cpu-fixed", "sleep-fixed");
        rounds(Map.of("sleep-fixed", alternating(1.0, 0.08))).run(out, 2, Duration.ofMinutes(6), o -> { });
        assertEquals(2, out.get(0).rounds);
        assertEquals(Outcome.Verdict.FAILED, out.get(0).verdict());
        assertEquals(InterleavedRounds.Stop.FAILED, out.get(0).stopped);
        assertEquals(List.of("interleaved: the fork exited 1", "interleaved: the fork exited 1"), out.get(0).failures);
        assertEquals(4, out.get(1).rounds, ran.toString());
        assertEquals(InterleavedRounds.Stop.MAX_TIME, out.get(1).stopped);
    }

    /**
     * Rounds of {@code o.pairsPerRound} pairs (10 when null) of 100 ms: pair i's ratio is the round's
     * {@code centre} times {@code 1 + scatter} for even i, divided by it for odd i; the clock moves a
     * minute a round whatever its count.
     */
    private InterleavedRounds counted(Map<String, DoubleUnaryOperator> centres, Map<String, Double> scatters) {
        return new InterleavedRounds(countedRound(centres, scatters), () -> now, line -> { }, (o, n) -> o.restart(n, "calibrate --pairs " + n));
    }

    /** The rounds of {@link #counted}. */
    private InterleavedRounds.Round countedRound(Map<String, DoubleUnaryOperator> centres, Map<String, Double> scatters) {
        return (o, r) -> {
            int n = o.pairsPerRound == null ? 10 : o.pairsPerRound;
            ran.add(o.pair.name() + " " + r + " ×" + n);
            now += MINUTE;
            double centre = centres.get(o.pair.name()).applyAsDouble(r);
            double scatter = 1 + scatters.get(o.pair.name());
            double[][] v = new double[2][n];
            for (int i = 0; i < n; i++) {
                v[0][i] = 100;
                v[1][i] = 100 * centre * (i % 2 == 0 ? scatter : 1 / scatter);
            }
            return v;
        };
    }

    /**
     * --pairs auto: a pair whose pairs scatter by 10% within a fork while its forks agree (the spread
     * more pairs a fork average out) starts over after its three-round pilot with the split's count,
     * the pilot set apart; a pair resolved in the pilot, and one whose spread is the forks' own (more
     * pairs would not help), keep their count.
     */
    @Test
    void withAutoPairsAPilotSetsTheCountOfAPairThatMorePairsWouldNarrow() throws Exception {
        List<Outcome> out = outcomes("cpu-fixed", "sleep-fixed", "file-fixed");
        // cpu-fixed: ±3% a round in the pilot (rounds 1-3), about what 10 pairs scattered by ±10% give; the same every round after
        DoubleUnaryOperator cpu = r -> r <= 3 ? (r % 2 == 0 ? 1.03 : 1 / 1.03) : 1.0;
        counted(Map.of("cpu-fixed", cpu, "sleep-fixed", r -> 1.001, "file-fixed", alternating(1.0, 0.05)),
                Map.of("cpu-fixed", 0.10, "sleep-fixed", 0.0, "file-fixed", 0.0))
                .run(out, 3, Duration.ofMinutes(30), o -> { });
        Outcome c = out.get(0);
        assertTrue(ran.containsAll(List.of("cpu-fixed 1 ×10", "cpu-fixed 2 ×10", "cpu-fixed 3 ×10")), ran.toString());
        int counted = c.pairsPerRound;
        assertTrue(counted >= 2 * 10, "the split's count, at least twice the pilot's: " + counted);
        // rounds that agree exactly would give a point after two: the pairs' ±10% scatter keeps the
        // interval open for more (Ratio.ofRounds), each of the split's count
        assertTrue(c.rounds > 2, "the rounds after the pilot alone, resolved on their pairs' scatter: " + c.rounds);
        assertTrue(ran.contains("cpu-fixed 4 ×" + counted) && ran.contains("cpu-fixed " + (3 + c.rounds) + " ×" + counted)
                && !ran.contains("cpu-fixed " + (4 + c.rounds) + " ×" + counted), ran.toString());
        assertEquals(Collections.nCopies(c.rounds, counted), c.roundPairs);
        assertEquals(c.rounds * counted, c.reference.size(), "the pilot's pairs are not pooled");
        assertEquals(Outcome.Verdict.WITHIN, c.verdict());
        assertEquals(1.0, c.ratio().value(), 0.01, "the rounds after the pilot: pairs about 1.0 (an odd count leaves one 1.1 over)");
        assertEquals(3, c.pilot.get("rounds"));
        assertEquals(List.of(10, 10, 10), c.pilot.get("pairs_per_round"));
        assertEquals("unresolved", c.pilot.get("within_limit"));
        assertEquals(3, ((List<?>) c.pilot.get("round_ratios")).size());
        assertEquals("calibrate --pairs " + counted, c.pairedCommand);
        Map<String, Object> section = c.section();
        assertEquals(counted, section.get("pairs_per_round"));
        assertTrue(section.containsKey("pilot"));
        String table = CalibrationTable.text(out, Scale.QUICK);
        assertTrue(table.contains(counted + " pairs a round, after a pilot of 3 rounds of 10 pairs ("), table);

        assertNull(out.get(1).pilot, "resolved in the pilot");
        assertEquals(3, out.get(1).rounds);
        Outcome file = out.get(2);
        assertNull(file.pilot, "its forks shift, its pairs agree: more pairs a fork would not narrow it");
        assertNull(file.pairsPerRound);
        assertTrue(file.rounds > 3 && !file.section().containsKey("pilot"), ran.toString());
    }

    /**
     * --pairs auto: a pair that starts over has no split of its new count until three rounds of it,
     * and is placed by what its pilot's split expected: cpu-fixed, ten minutes or so from a verdict
     * at its new count, waits while sleep-fixed (±1% a round, kept at 10 pairs, a few rounds from
     * within) takes the budget's first rounds and is settled.
     */
    @Test
    void withAutoPairsAPairThatStartsOverIsPlacedByWhatItsPilotExpected() throws Exception {
        List<Outcome> out = outcomes("cpu-fixed", "sleep-fixed");
        DoubleUnaryOperator cpu = r -> r <= 3 ? (r % 2 == 0 ? 1.03 : 1 / 1.03) : 1.0;
        counted(Map.of("cpu-fixed", cpu, "sleep-fixed", alternating(1.0, 0.01)), Map.of("cpu-fixed", 0.10, "sleep-fixed", 0.0))
                .run(out, 3, Duration.ofMinutes(40), o -> { });
        Outcome c = out.get(0);
        Outcome near = out.get(1);
        assertTrue(c.pilot != null && c.secondsExpected > 5 * 60, "started over, expected " + c.secondsExpected + " s");
        assertNull(near.pilot);
        assertEquals(Outcome.Verdict.WITHIN, near.verdict(), ran.toString());
        int nearDone = ran.indexOf("sleep-fixed " + near.rounds + " ×10");
        int cpuNext = ran.indexOf("cpu-fixed 4 ×" + c.pairsPerRound);
        assertEquals("sleep-fixed 4 ×10", ran.get(6), ran.toString());
        assertTrue(nearDone >= 0 && cpuNext > nearDone, "the near pair settled before the far one's new rounds: " + ran);
        assertEquals(Outcome.Verdict.WITHIN, c.verdict(), ran.toString());
    }

    /** Without a recount (a count given, or none), the same noisy pilot changes nothing. */
    @Test
    void withoutAutoPairsNoPairStartsOver() throws Exception {
        List<Outcome> out = outcomes("cpu-fixed");
        InterleavedRounds.Round round = (o, r) -> {
            ran.add(o.pair.name() + " " + r + " ×" + o.pairsPerRound);
            now += MINUTE;
            double[][] v = new double[2][10];
            for (int i = 0; i < 10; i++) {
                v[0][i] = 100;
                v[1][i] = 100 * (r % 2 == 0 ? 1.03 : 1 / 1.03) * (i % 2 == 0 ? 1.1 : 1 / 1.1);
            }
            return v;
        };
        new InterleavedRounds(round, () -> now, line -> { }).run(out, 3, Duration.ofMinutes(8), o -> { });
        assertNull(out.get(0).pilot);
        assertEquals(8, out.get(0).rounds, ran.toString());
        assertTrue(ran.stream().allMatch(x -> x.endsWith(" ×null")), ran.toString());
    }

    /** A pilot whose suggested count would not fit three rounds into what is left of the budget: no restart. */
    @Test
    void withAutoPairsACountThatWouldNotFitTheBudgetIsNotTaken() throws Exception {
        List<Outcome> out = outcomes("cpu-fixed");
        DoubleUnaryOperator cpu = r -> r % 2 == 0 ? 1.03 : 1 / 1.03;
        // a minute a round in the clock: 3 pilot rounds leave 3 minutes of 6, and three rounds of the split's
        // count are estimated from the pilot's fixed and per-pair seconds at more than that
        counted(Map.of("cpu-fixed", cpu), Map.of("cpu-fixed", 0.10)).run(out, 3, Duration.ofMinutes(6), o -> { });
        Outcome c = out.get(0);
        assertNull(c.pilot);
        assertNull(c.pairsPerRound);
        assertEquals(6, c.rounds, ran.toString());
        assertEquals(InterleavedRounds.Stop.MAX_TIME, c.stopped);
    }

    /**
     * A pilot whose suggested count fits three rounds into what is left of the budget, but not what
     * its split expects a fresh start with that count to take: no restart, so every round the budget
     * gives it is pooled with the pilot's instead of none being left for a count placed last in the
     * queue. With a budget that holds the fresh start, the same pilot starts over.
     */
    @Test
    void withAutoPairsACountThatCouldNotSettleThePairInTheBudgetIsNotTaken() throws Exception {
        // rounds 3% either side of 1.012, two of the three below (the pilot reads 1.002), pairs scattered by ±10%:
        // the split asks for many more pairs a round, and a fresh start with them takes several rounds
        DoubleUnaryOperator cpu = r -> r % 2 == 0 ? 1.012 * 1.03 : 1.012 / 1.03;
        Map<String, DoubleUnaryOperator> centres = Map.of("cpu-fixed", cpu);
        Map<String, Double> scatters = Map.of("cpu-fixed", 0.10);
        Outcome pilotOnly = outcomes("cpu-fixed").get(0);
        counted(centres, scatters).run(List.of(pilotOnly), 3, null, o -> { });
        VarianceSplit split = VarianceSplit.of(pilotOnly);
        double threeRounds = VarianceSplit.MIN_ROUNDS * split.roundSeconds();
        double fresh = split.secondsLeft(split.pairs(), 0);
        assertTrue(split.pairs() >= 2 * 10, "the split asks for more pairs: " + split.pairs());
        assertTrue(threeRounds + 120 < fresh && Double.isFinite(fresh), "three rounds " + threeRounds + " s, a fresh start " + fresh + " s");

        // the pilot's 3 minutes, then room for three rounds of the new count but not for the fresh start
        Duration tight = Duration.ofSeconds(180 + (long) ((threeRounds + fresh) / 2));
        ran.clear();
        now = 0;
        Outcome kept = outcomes("cpu-fixed").get(0);
        counted(centres, scatters).run(List.of(kept), 3, tight, o -> { });
        assertNull(kept.pilot, "no start over: " + ran);
        assertTrue(ran.stream().allMatch(x -> x.endsWith(" ×10")), ran.toString());
        assertTrue(kept.rounds > 3, "rounds of the budget pooled with the pilot's: " + ran);
        assertEquals(kept.rounds * 10, kept.reference.size());
        assertEquals(InterleavedRounds.Stop.MAX_TIME, kept.stopped);

        ran.clear();
        now = 0;
        Outcome restarted = outcomes("cpu-fixed").get(0);
        counted(centres, scatters).run(List.of(restarted), 3, Duration.ofSeconds(180 + (long) fresh + 60), o -> { });
        assertTrue(restarted.pilot != null, "with room for the fresh start it starts over: " + ran);
        assertEquals(split.pairs(), restarted.pairsPerRound);
    }

    /**
     * A pair that started over after its pilot but got no round of its new count before the budget
     * was spent (here sleep-fixed, nearer its verdict, is served first and its next round overruns the
     * budget) ends as its pilot: its three rounds and their ratio are its line, not nothing, and the
     * count it did not get is said in the table and results.json.
     */
    @Test
    void withAutoPairsAPairThatStartedOverButGotNoRoundEndsAsItsPilot() throws Exception {
        List<Outcome> out = outcomes("cpu-fixed", "sleep-fixed");
        DoubleUnaryOperator cpu = r -> r <= 3 ? (r % 2 == 0 ? 1.03 : 1 / 1.03) : 1.0;
        InterleavedRounds.Round counted = countedRound(Map.of("cpu-fixed", cpu, "sleep-fixed", alternating(1.0, 0.01)),
                Map.of("cpu-fixed", 0.10, "sleep-fixed", 0.0));
        InterleavedRounds.Round overrun = (o, r) -> {
            double[][] v = counted.run(o, r);
            if (o.pair.name().equals("sleep-fixed") && r == 4) {
                now += 120 * MINUTE; // the budget's first round takes what is left of it and more
            }
            return v;
        };
        new InterleavedRounds(overrun, () -> now, line -> { }, (o, n) -> o.restart(n, "calibrate --pairs " + n))
                .run(out, 3, Duration.ofMinutes(60), o -> { });
        Outcome c = out.get(0);
        assertTrue(ran.contains("sleep-fixed 4 ×10") && ran.stream().noneMatch(x -> x.startsWith("cpu-fixed 4")), ran.toString());
        assertNull(c.pilot, "back to its pilot");
        assertTrue(c.unusedPairsPerRound != null && c.unusedPairsPerRound >= 2 * 10, "the count it started over with: " + c.unusedPairsPerRound);
        assertEquals(3, c.rounds);
        assertEquals(List.of(10, 10, 10), c.roundPairs);
        assertEquals(30, c.reference.size());
        assertEquals("calibrate --interleaved (test)", c.pairedCommand);
        assertEquals(InterleavedRounds.Stop.MAX_TIME, c.stopped);
        assertEquals(Outcome.Verdict.UNRESOLVED, c.verdict());
        assertEquals(1 / 1.03 * 1.03 / 1.03, Math.pow(c.ratio().value(), 3), 1e-6, "the pilot's three rounds' geometric mean");
        Map<String, Object> section = c.section();
        assertEquals(c.unusedPairsPerRound, section.get("unused_pairs_per_round"));
        assertFalse(section.containsKey("pilot"));
        assertEquals(3, section.get("rounds"));
        String table = CalibrationTable.text(out, Scale.QUICK);
        assertTrue(table.contains("its split asked for " + c.unusedPairsPerRound + " pairs a round, of which the budget left no round"), table);
        assertNull(out.get(1).unusedPairsPerRound, "never started over");
    }

    /**
     * Rounds of {@code o.pairsPerRound} pairs (10 when null) of 100 ms whose log ratios scatter at
     * random (seeded) by {@code scatter(round)} about the log of {@code centre(round)}; a minute a round.
     */
    private InterleavedRounds scattered(DoubleUnaryOperator centre, DoubleUnaryOperator scatter, InterleavedRounds.Recount recount) {
        Random random = new Random(42);
        InterleavedRounds.Round round = (o, r) -> {
            int n = o.pairsPerRound == null ? 10 : o.pairsPerRound;
            ran.add(o.pair.name() + " " + r + " ×" + n);
            now += MINUTE;
            double[][] v = new double[2][n];
            for (int i = 0; i < n; i++) {
                v[0][i] = 100;
                v[1][i] = 100 * centre.applyAsDouble(r) * Math.exp(scatter.applyAsDouble(r) * random.nextGaussian());
            }
            return v;
        };
        return new InterleavedRounds(round, () -> now, line -> { }, recount);
    }

    /**
     * --pairs auto: a pilot whose forks seemed to shift (±3% round to round) while their pairs agreed
     * (1%) keeps its count of 10, as more pairs a fork would not have narrowed that. The rounds after
     * agree but for their pairs' 10% scatter; once enough of them show that, the split asks for more
     * pairs a round, a fresh start with them settles it sooner than going on with 10, and the pair
     * starts over, once, with the rounds so far kept apart, and is settled within the budget. The
     * same rounds without the recount leave it open.
     */
    @Test
    void withAutoPairsAPairThatKeptItsCountStartsOverWhenItsRoundsShowMorePairsWouldSettleItSooner() throws Exception {
        DoubleUnaryOperator centre = r -> r <= 3 ? (r % 2 == 0 ? 1.03 : 1 / 1.03) : 1.005;
        DoubleUnaryOperator scatter = r -> r <= 3 ? 0.01 : 0.10;
        Duration budget = Duration.ofMinutes(45);
        Outcome c = outcomes("cpu-fixed").get(0);
        scattered(centre, scatter, (o, n) -> o.restart(n, "calibrate --pairs " + n)).run(List.of(c), 3, budget, o -> { });
        assertTrue(ran.containsAll(List.of("cpu-fixed 4 ×10", "cpu-fixed 5 ×10")), "kept its count after the pilot: " + ran);
        assertTrue(c.pilot != null, "started over: " + ran);
        int before = (Integer) c.pilot.get("rounds");
        assertTrue(before > 3, "later than the pilot: " + before);
        assertEquals(Collections.nCopies(before, 10), c.pilot.get("pairs_per_round"));
        int counted = c.pairsPerRound;
        assertTrue(counted >= 2 * 10, "the split's count: " + counted);
        assertEquals(Collections.nCopies(c.rounds, counted), c.roundPairs, "one start over, not two: " + ran);
        assertEquals(c.rounds * counted, c.reference.size(), "the rounds before are not pooled");
        assertEquals(Outcome.Verdict.WITHIN, c.verdict(), ran.toString());
        assertEquals(InterleavedRounds.Stop.RESOLVED, c.stopped);

        ran.clear();
        now = 0;
        Outcome without = outcomes("cpu-fixed").get(0);
        scattered(centre, scatter, null).run(List.of(without), 3, budget, o -> { });
        assertNull(without.pilot);
        assertEquals(Outcome.Verdict.UNRESOLVED, without.verdict(), "with 10 pairs a round the budget leaves it open: " + ran);
        assertEquals(InterleavedRounds.Stop.MAX_TIME, without.stopped);
    }

    /**
     * A late start over pays only where a fresh start at the split's count is expected to settle the
     * pair sooner than going on: with pairs that scatter by 10% and forks that do not shift, a pair 1%
     * from the limit needs about 120 rounds of 10 pairs; after 10 of them a fresh start of 100 pairs
     * a round pays, after 100 it does not, and where no count settles it (a ratio on the limit), never.
     */
    @Test
    void aLateStartOverPaysOnlyWhereAFreshStartSettlesSooner() {
        double margin = Math.log(1.02) - Math.log(1.01);
        int needed = VarianceSplit.roundsNeeded(0.1 / Math.sqrt(10), margin);
        assertTrue(needed > 60 && needed < 200, "rounds of 10 pairs it needs: " + needed);
        VarianceSplit early = new VarianceSplit(10, 0.1, 0.03, 0, false, 58, 0.2, 100, null, margin);
        VarianceSplit late = new VarianceSplit(needed - 5, 0.1, 0.03, 0, false, 58, 0.2, 100, null, margin);
        VarianceSplit onTheLimit = new VarianceSplit(10, 0.1, 0.03, 0, false, 58, 0.2, 100, null, 0);
        assertTrue(InterleavedRounds.restartPays(early, 10), early.secondsLeft(100, 0) + " s fresh vs " + early.secondsLeft(10));
        assertFalse(InterleavedRounds.restartPays(late, 10), late.secondsLeft(100, 0) + " s fresh vs " + late.secondsLeft(10));
        assertFalse(InterleavedRounds.restartPays(onTheLimit, 10));
    }
}
