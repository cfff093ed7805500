package org.fiberbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The series are iterations of the default run on a shared 2-core VM (results.json), rounded. */
class SteadinessTest {
    @Test
    void aDatabaseStillWarmingUpHasItsFirstIterationsCut() {
        double[] db = {278, 251, 186, 148, 151, 131, 124, 129, 129, 151};
        assertEquals(new Steadiness(3, 0), Steadiness.of(db));
    }

    @Test
    void aCutPastTheWarmUpIntoTheLevelsOwnLowIsShortenedToTheWarmUp() {
        double[] pool = {54, 56, 44, 45, 39, 42, 43, 41, 41, 42};
        assertEquals(5, Steadiness.mserCut(pool), "the least-MSER cut takes the level's low 39 with it");
        assertEquals(new Steadiness(4, 0), Steadiness.of(pool));
    }

    @Test
    void aFasterFirstStretchIsAWarmUpToo() {
        double[] throughput = {200, 240, 398, 400, 395, 401, 399, 400};
        assertEquals(new Steadiness(2, 0), Steadiness.of(throughput));
    }

    @Test
    void aDisturbanceIsCountedAndNotTakenForAWarmUp() {
        double[] oneLate = {159, 160, 161, 159, 159, 160, 157, 158, 159, 152, 151, 270};
        assertEquals(new Steadiness(0, 1), Steadiness.of(oneLate));
        double[] twoBlocks = {178, 183, 185, 193, 300, 298, 167, 167, 166, 163, 270, 215};
        assertEquals(new Steadiness(0, 3), Steadiness.of(twoBlocks));
    }

    @Test
    void aLevelSeriesIsSteadyEvenWithItsFirstValueHighest() {
        double[] sleep = {107.4, 103.7, 104.6, 104.6, 105.2, 103.7, 104.4, 105.4, 103.6, 104.1, 105.5, 104.0};
        assertTrue(Steadiness.of(sleep).steady(), Steadiness.of(sleep).toString());
        double[] noisy = {120, 80, 115, 85, 110, 90, 118, 82};
        assertTrue(Steadiness.of(noisy).steady(), Steadiness.of(noisy).toString());
    }

    @Test
    void tooFewValuesAreNotJudged() {
        assertEquals(Steadiness.STEADY, Steadiness.of(new double[] {500, 100, 100}));
        assertEquals(Steadiness.STEADY, Steadiness.of(new double[0]));
    }

    @Test
    void theRecordOfAMissedTargetSaysWhatTheValuesShowAndAReachedOneDoesNot() {
        Precision p = new Precision(10, Duration.ofSeconds(10));
        var missed = p.section(new double[] {278, 251, 186, 148, 151, 131, 124, 129, 129, 151}, Precision.Stop.TIME_BUDGET);
        assertEquals(3, missed.get("warmup_iterations"));
        assertEquals(0, missed.get("off_median"));
        var reached = p.section(new double[] {100, 101, 99}, Precision.Stop.PRECISION);
        assertFalse(reached.containsKey("warmup_iterations"));
        assertFalse(reached.containsKey("off_median"));
    }
}
