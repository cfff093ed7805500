package org.fiberbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.fiberbench.spec.SpecException;
import org.fiberbench.stats.Precision;
import org.junit.jupiter.api.Test;

class PrecisionFlagsTest {
    private static PrecisionFlags flags(String precision, Duration maxTime) {
        PrecisionFlags f = new PrecisionFlags();
        f.precision = precision;
        f.maxTime = maxTime;
        return f;
    }

    @Test
    void theDefaultShowdownAimsAtTenPercentWithinItsOwnBudgetAndAReserve() {
        Precision p = flags(null, null).resolve(true);
        assertEquals(10, p.targetPct());
        assertEquals(Duration.ofSeconds(10), p.budget());
        assertEquals(Duration.ofSeconds(30), p.reserve().total());
        assertEquals(Duration.ofSeconds(30), p.reserve().left());
        Precision five = flags("5%", null).resolve(true);
        assertEquals(5, five.targetPct());
        assertEquals(Duration.ofSeconds(10), five.budget());
        assertEquals(Duration.ofSeconds(30), five.reserve().total());
        assertNotSame(p.reserve(), flags(null, null).resolve(true).reserve(), "each run has its own reserve");
        // a --max-time given is the budget, exactly
        assertEquals(new Precision(10, Duration.ofSeconds(30)), flags(null, Duration.ofSeconds(30)).resolve(true));
        assertNull(flags("5%", Duration.ofSeconds(20)).resolve(true).reserve());
    }

    @Test
    void otherRunsMeasureTheirIterationsUnlessAsked() {
        assertNull(flags(null, null).resolve(false));
        assertEquals(new Precision(5, Duration.ofSeconds(60)), flags("5%", null).resolve(false)); // and no reserve
        assertEquals(new Precision(2.5, Duration.ofMinutes(2)), flags("2.5", Duration.ofMinutes(2)).resolve(false));
    }

    @Test
    void aBudgetWithoutATargetIsRefusedOutsideTheShowdown() {
        SpecException e = assertThrows(SpecException.class, () -> flags(null, Duration.ofSeconds(5)).resolve(false));
        assertEquals(true, e.getMessage().contains("needs --precision"), e.getMessage());
    }
}
