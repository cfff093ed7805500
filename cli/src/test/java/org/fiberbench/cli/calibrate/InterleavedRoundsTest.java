package org.fiberbench.cli.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The schedule of {@code calibrate --interleaved --max-time}, with injected rounds and a clock that
 * each round advances by a minute (no forks): the budget goes to the pairs still unresolved, in turn,
 * and stops where it would be overrun.
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
}
