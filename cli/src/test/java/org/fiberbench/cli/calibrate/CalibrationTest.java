package org.fiberbench.cli.calibrate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fiberbench.stats.Ratio;
import org.junit.jupiter.api.Test;

/** The pairing, alternation, pooling and verdicts of a calibration, with injected scores (no forks). */
class CalibrationTest {
    private final List<String> calls = new ArrayList<>();

    /** Scores per pair and side; each call answers the next row. */
    private Calibration.Sides scripted(Map<String, double[][]> reference, Map<String, double[][]> fiberbench) {
        Map<String, Integer> next = new HashMap<>();
        return new Calibration.Sides() {
            @Override
            public double[] reference(Pair p) {
                calls.add("ref " + p.name());
                return reference.get(p.name())[next.merge("r" + p.name(), 1, Integer::sum) - 1];
            }

            @Override
            public double[] fiberbench(Pair p) {
                calls.add("fb " + p.name());
                double[][] rows = fiberbench.get(p.name());
                if (rows == null) {
                    throw new IllegalStateException("fork died");
                }
                return rows[next.merge("f" + p.name(), 1, Integer::sum) - 1];
            }
        };
    }

    @Test
    void sidesAlternateRoundByRoundAndIterationsPoolAcrossRounds() throws Exception {
        List<Pair> pairs = Pairs.select("cpu").subList(0, 2);
        Map<String, double[][]> ref = Map.of("cpu-default", new double[][] {{100, 102}, {101, 99}},
                "cpu-fixed", new double[][] {{100, 100}, {100, 100}});
        Map<String, double[][]> fb = Map.of("cpu-default", new double[][] {{100, 101}, {102, 99}},
                "cpu-fixed", new double[][] {{120, 121}, {119, 120}});
        List<Outcome> out = new Calibration(scripted(ref, fb), line -> { }).run(pairs, 2, o -> { });
        assertEquals(List.of("ref cpu-default", "fb cpu-default", "ref cpu-fixed", "fb cpu-fixed",
                "fb cpu-default", "ref cpu-default", "fb cpu-fixed", "ref cpu-fixed"), calls);
        assertArrayEquals(new double[] {100, 102, 101, 99}, Outcome.values(out.get(0).reference));
        assertEquals(2, out.get(0).rounds);
        Ratio r = out.get(0).ratio();
        assertEquals(Ratio.of(new double[] {100, 101, 102, 99}, new double[] {100, 102, 101, 99}).text(), r.text());
    }

    @Test
    void verdictsFollowTheIntervalAgainstTheTwoPercentLimit() throws Exception {
        List<Pair> pairs = Pairs.select("cpu");
        Map<String, double[][]> ref = Map.of("cpu-default", new double[][] {{100, 100.1, 99.9, 100, 100.05}},
                "cpu-fixed", new double[][] {{100, 100.1, 99.9, 100, 100.05}},
                "cpu-forkjoin", new double[][] {{100, 130, 80, 110, 90}});
        Map<String, double[][]> fb = Map.of("cpu-default", new double[][] {{100.2, 100.3, 100.1, 100.2, 100.25}},
                "cpu-fixed", new double[][] {{110, 110.2, 109.9, 110.1, 110}},
                "cpu-forkjoin", new double[][] {{101, 131, 81, 111, 91}});
        List<Outcome> out = new Calibration(scripted(ref, fb), line -> { }).run(pairs, 1, o -> { });
        assertEquals(Outcome.Verdict.WITHIN, out.get(0).verdict(), out.get(0).ratio().text());
        assertEquals(Outcome.Verdict.OVER, out.get(1).verdict(), out.get(1).ratio().text());
        assertEquals(Outcome.Verdict.UNRESOLVED, out.get(2).verdict(), out.get(2).ratio().text());
        String table = CalibrationTable.text(out, Scale.QUICK);
        assertTrue(table.contains("cpu-fixed") && table.contains(out.get(1).ratio().text()) && table.contains(" no"), table);
    }

    @Test
    void aFailedSideIsReportedAndTheOtherPairsStillRun() throws Exception {
        List<Pair> pairs = Pairs.select("sleep").subList(0, 2);
        Map<String, double[][]> ref = Map.of("sleep-default", new double[][] {{100, 101}}, "sleep-fixed", new double[][] {{100, 101}});
        Map<String, double[][]> fb = Map.of("sleep-fixed", new double[][] {{100, 101}});
        List<List<Outcome>> seen = new ArrayList<>();
        List<Outcome> out = new Calibration(scripted(ref, fb), line -> { }).run(pairs, 1, seen::add);
        assertEquals(Outcome.Verdict.FAILED, out.get(0).verdict());
        assertEquals(List.of("fiberbench: fork died"), out.get(0).failures);
        assertEquals(2, out.get(1).fiberbench.size());
        assertEquals(2, seen.size(), "results are written after every pair");
        Map<String, Object> section = CalibrationTable.section(out, 1, Scale.QUICK);
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> entries = (List<Map<String, Object>>) section.get("pairs");
        assertEquals("failed", entries.get(0).get("within_limit"));
        assertTrue(CalibrationTable.text(out, Scale.QUICK).contains("failed: fiberbench: fork died"), CalibrationTable.text(out, Scale.QUICK));
    }

    @Test
    void everyPairNamesAReferenceAndAScenarioWithTheSameTaskCount() {
        for (Pair p : Pairs.all()) {
            assertTrue(p.benchmark().startsWith(Pair.PACKAGE + "Reference"), p.benchmark());
            String tasks = p.load().substring("batch:tasks=".length());
            assertTrue(p.params().isEmpty() || p.params().containsValue(tasks), p.name() + " " + p.params());
        }
    }
    /**
     * Interleaved rounds: the interval is over the rounds' geometric mean per-pair ratios. Two forks whose
     * pairs agree within each fork but not with each other leave the 2% question open, where the
     * pooled pairs would have answered it with a narrow interval.
     */
    @Test
    void interleavedRoundsAreTheUnitOfTheInterval() {
        Pair p = Pairs.select("cpu-fixed").get(0);
        Outcome o = new Outcome(p, "calibrate --interleaved (test)");
        double[][] rounds = {{100, 101, 100.5, 101.5}, {100, 100, 100, 100}};
        double[][] shifts = {{1.000, 1.001, 0.999, 1.000}, {1.030, 1.031, 1.029, 1.030}};
        for (int k = 0; k < 2; k++) {
            for (int i = 0; i < 4; i++) {
                o.reference.add(rounds[k][i]);
                o.fiberbench.add(rounds[k][i] * shifts[k][i]);
            }
            o.roundPairs.add(4);
            o.rounds++;
        }
        assertArrayEquals(new double[] {1.0, 1.03}, o.roundRatios(), 1e-6);
        Ratio r = o.ratio();
        assertEquals(Math.sqrt(1.03), r.value(), 1e-6, "the rounds' geometric mean");
        assertTrue(r.ciLow() < 0.9 && r.ciHigh() > 1.1, "two forks: t(0.9995, 1) makes the interval wide: " + r.text());
        assertEquals(Outcome.Verdict.UNRESOLVED, o.verdict());
        Ratio pooled = Ratio.paired(Outcome.values(o.fiberbench), Outcome.values(o.reference), Ratio.CONFIDENCE);
        assertTrue(pooled.ciHigh() - pooled.ciLow() < 0.1, "the pooled pairs would have claimed more than they know: " + pooled.text());
        assertEquals(List.of(1.0, 1.03).size(), ((List<?>) o.section().get("round_ratios")).size());
        assertEquals(Boolean.TRUE, o.section().get("interleaved"));
    }

    /**
     * One interleaved round of many tight pairs has a narrow interval over its pairs, yet it is one
     * fork, whose shift all its pairs share: no verdict until a second round, and the table says why.
     * Three rounds of the same pairs decide it (two would too, but for Student's 636.6 at one degree
     * of freedom).
     */
    @Test
    void oneInterleavedRoundDecidesNothingHoweverManyPairsItHas() {
        Outcome o = new Outcome(Pairs.select("file-fixed").get(0), "calibrate --interleaved (test)");
        for (int round = 0; round < 3; round++) {
            for (int i = 0; i < 400; i++) {
                o.reference.add(100.0 + i % 7);
                o.fiberbench.add((100.0 + i % 7) * (i % 2 == 0 ? 1.001 : 0.999));
            }
            o.roundPairs.add(400);
            o.roundSeconds.add(60.0);
            o.rounds++;
            if (round == 0) {
                Ratio one = o.ratio();
                assertTrue(one.hasInterval() && one.ciHigh() < 1.005, "one fork's pairs alone look decided: " + one.text());
                assertEquals(Outcome.Verdict.UNRESOLVED, o.verdict());
                assertEquals("unresolved", o.section().get("within_limit"));
                String table = CalibrationTable.text(List.of(o), Scale.QUICK);
                assertTrue(table.contains("one round: its interval is over one fork's pairs") && table.contains(" unresolved"), table);
            }
        }
        assertEquals(Outcome.Verdict.WITHIN, o.verdict(), o.ratio().text());
        assertFalse(CalibrationTable.text(List.of(o), Scale.QUICK).contains("one round:"));
    }

    /** A fork's machine slowed fiberbench's side of one pair and the reference's side of another, by as much: the round says 1. */
    @Test
    void aRoundsRatioCountsASlowdownAlikeOnEitherSide() {
        Outcome o = new Outcome(Pairs.select("cpu-fixed").get(0), "calibrate --interleaved (test)");
        double[] shifts = {1.9, 1 / 1.9, 1, 1};
        for (double shift : shifts) {
            o.reference.add(100.0);
            o.fiberbench.add(100 * shift);
        }
        o.roundPairs.add(4);
        o.rounds++;
        assertEquals(1.0, o.roundRatios()[0], 1e-12, "an arithmetic mean would say 1.107");
    }
}
