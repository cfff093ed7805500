package org.fiberbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.fiberbench.stats.Precision;
import org.junit.jupiter.api.Test;

class ResultTablePrecisionTest {
    private static ScenarioResult scenario(double[] values, Precision.Stop stop) {
        Precision p = new Precision(10, Duration.ofSeconds(20));
        return new ScenarioResult("01-x", "virtual", "cpu:iterations=1", "batch:tasks=1").iterations(values)
                .metric("score", 100.0).metric("score_error", 1.0).metric("score_unit", "ms/op")
                .config("precision", p.section(values, stop));
    }

    @Test
    void aMissedTargetIsNotedBesideTheScoreWithWhyItStopped() {
        ScenarioResult s = scenario(new double[] {100, 60, 140}, Precision.Stop.TIME_BUDGET);
        String note = ResultTable.missedPrecision(s);
        assertTrue(note.matches("±[0-9.]+% > 10% target \\(time budget\\)"), note);
        assertTrue(ResultTable.row(s)[6].startsWith(note), "first in the notes: " + ResultTable.row(s)[6]);
    }

    @Test
    void theNoteSaysWhetherTheWarmUpWasUnfinishedOrIterationsWereFarOffTheMedian() {
        String warming = ResultTable.missedPrecision(scenario(new double[] {278, 251, 186, 148, 151, 131, 124, 129, 129, 151},
                Precision.Stop.TIME_BUDGET));
        assertTrue(warming.matches("±[0-9.]+% > 10% target \\(time budget; not yet steady: iterations 1-3 above the rest\\)"),
                warming);
        String rising = ResultTable.missedPrecision(scenario(new double[] {200, 240, 398, 400, 395, 401, 399, 400},
                Precision.Stop.TIME_BUDGET));
        assertTrue(rising.contains("; not yet steady: iterations 1-2 below the rest)"), rising);
        String disturbed = ResultTable.missedPrecision(scenario(new double[] {159, 160, 161, 159, 159, 160, 157, 158, 159, 152,
            151, 270}, Precision.Stop.TIME_BUDGET));
        assertTrue(disturbed.endsWith("(time budget; 1 of 12 iterations 1.4x off the median)"), disturbed);
    }

    @Test
    void aSaturatedOpenRunIsNotedAsHavingNoSteadyLevelNotAsOutOfTime() {
        String note = ResultTable.missedPrecision(scenario(new double[] {1000, 2500, 4000}, Precision.Stop.SATURATED));
        assertTrue(note.matches("±[0-9.]+%: no steady level \\(saturated\\)"), note);
    }

    @Test
    void aReachedTargetOrNoTargetAddsNoNote() {
        assertNull(ResultTable.missedPrecision(scenario(new double[] {100, 100, 100}, Precision.Stop.PRECISION)));
        assertNull(ResultTable.missedPrecision(new ScenarioResult("01-x", "virtual", "cpu:iterations=1", "batch:tasks=1")));
    }

    @Test
    void tooFewIterationsForAnIntervalAreNotedWithAQuestionMark() {
        assertEquals("±?% > 10% target (time budget)",
                ResultTable.missedPrecision(scenario(new double[] {100}, Precision.Stop.TIME_BUDGET)));
    }
}
