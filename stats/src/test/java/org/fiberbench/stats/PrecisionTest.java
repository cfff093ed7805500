package org.fiberbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class PrecisionTest {
    private static final Duration SEC = Duration.ofSeconds(1);
    private final Precision tenPct = new Precision(10, Duration.ofSeconds(60));

    @Test
    void stopsOnTheHalfWidthRuleOnceTheIntervalIsNarrowEnough() {
        double[] wide = {100, 60, 140};
        assertTrue(Precision.achievedPct(wide) > 10);
        assertNull(tenPct.decide(wide, SEC, SEC));
        double[] narrow = {100, 101, 99, 100, 100.5, 99.5};
        assertTrue(Precision.achievedPct(narrow) < 10);
        assertEquals(Precision.Stop.PRECISION, tenPct.decide(narrow, SEC, SEC));
    }

    @Test
    void stopsOnTheTimeBudgetWhenTheNextStepWouldEndPastIt() {
        double[] wide = {100, 60, 140, 70};
        assertNull(tenPct.decide(wide, Duration.ofSeconds(58), SEC));
        assertEquals(Precision.Stop.TIME_BUDGET, tenPct.decide(wide, Duration.ofSeconds(59).plusMillis(1), SEC));
        assertEquals(Precision.Stop.TIME_BUDGET, tenPct.decide(wide, Duration.ofSeconds(61), Duration.ZERO));
    }

    @Test
    void neverStopsBeforeTheMinimumOfIterations() {
        assertNull(tenPct.decide(new double[] {100, 100}, Duration.ofSeconds(600), SEC));
        assertNull(tenPct.decide(new double[] {100}, Duration.ofSeconds(600), SEC));
        assertNull(tenPct.decide(new double[0], Duration.ofSeconds(600), SEC));
    }

    @Test
    void aConstantSeriesStopsAtOnceAfterTheMinimum() {
        assertEquals(Precision.Stop.PRECISION, tenPct.decide(new double[] {5, 5, 5}, Duration.ZERO, SEC));
        assertEquals(Precision.Stop.PRECISION, new Precision(0.001, SEC).decide(new double[] {5, 5, 5}, Duration.ZERO, SEC));
    }

    @Test
    void stopsAtTheIterationCapWhateverTheBudgetLeft() {
        double[] many = new double[Precision.MAX_ITERATIONS];
        for (int i = 0; i < many.length; i++) {
            many[i] = i % 2 == 0 ? 1 : 1000;
        }
        assertEquals(Precision.Stop.ITERATION_CAP, new Precision(0.001, Duration.ofDays(1)).decide(many, SEC, SEC));
    }

    @Test
    void recordsTargetAchievedIterationsAndWhyItStopped() {
        var m = tenPct.section(new double[] {100, 100.1, 99.9}, Precision.Stop.PRECISION);
        assertEquals(10.0, m.get("target_pct"));
        assertEquals(3, m.get("iterations"));
        assertEquals("precision", m.get("stopped"));
        assertTrue((Double) m.get("achieved_pct") < 10);
    }

    @Test
    void aReserveBuysStepsPastTheBudgetWhileItCoversAWholeStep() {
        assertEquals(false, tenPct.draw(SEC), "no reserve: the budget is the end");
        TimeReserve reserve = new TimeReserve(Duration.ofSeconds(25));
        Precision a = new Precision(10, Duration.ofSeconds(10), reserve);
        Precision b = new Precision(10, Duration.ofSeconds(10), reserve); // another scenario of the same run
        assertTrue(a.draw(Duration.ofSeconds(10)));
        assertTrue(b.draw(Duration.ofSeconds(10)));
        assertEquals(Duration.ofSeconds(5), reserve.left(), "both drew on the one reserve");
        assertEquals(false, a.draw(Duration.ofSeconds(6)), "what is left does not cover the step");
        assertEquals(Duration.ofSeconds(5), reserve.left(), "a refused draw takes nothing");
        assertTrue(b.draw(Duration.ofSeconds(5)));
        assertEquals(false, b.draw(Duration.ofMillis(1)));
        assertEquals(Duration.ofSeconds(25), reserve.total());
    }

    @Test
    void recordsWhatAScenarioDrewOnlyWhenItDrewSomething() {
        double[] wide = {100, 60, 140};
        assertEquals(false, tenPct.section(wide, Precision.Stop.TIME_BUDGET).containsKey("reserve_drawn_s"));
        assertEquals(false, tenPct.section(wide, Precision.Stop.TIME_BUDGET, Duration.ZERO).containsKey("reserve_drawn_s"));
        assertEquals(9.6, tenPct.section(wide, Precision.Stop.TIME_BUDGET, Duration.ofMillis(9_560)).get("reserve_drawn_s"));
    }

    @Test
    void refusesTargetsAndBudgetsOutOfRange() {
        assertThrows(IllegalArgumentException.class, () -> new TimeReserve(Duration.ofSeconds(-1)));
        assertThrows(IllegalArgumentException.class, () -> new Precision(0, SEC));
        assertThrows(IllegalArgumentException.class, () -> new Precision(100, SEC));
        assertThrows(IllegalArgumentException.class, () -> new Precision(10, Duration.ofSeconds(-1)));
    }
}
