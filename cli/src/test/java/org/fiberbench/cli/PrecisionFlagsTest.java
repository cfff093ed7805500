package org.fiberbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
    void theDefaultShowdownAimsAtTenPercentWithinItsOwnBudget() {
        assertEquals(new Precision(10, Duration.ofSeconds(10)), flags(null, null).resolve(true));
        assertEquals(new Precision(10, Duration.ofSeconds(30)), flags(null, Duration.ofSeconds(30)).resolve(true));
        assertEquals(new Precision(5, Duration.ofSeconds(10)), flags("5%", null).resolve(true));
    }

    @Test
    void otherRunsMeasureTheirIterationsUnlessAsked() {
        assertNull(flags(null, null).resolve(false));
        assertEquals(new Precision(5, Duration.ofSeconds(60)), flags("5%", null).resolve(false));
        assertEquals(new Precision(2.5, Duration.ofMinutes(2)), flags("2.5", Duration.ofMinutes(2)).resolve(false));
    }

    @Test
    void aBudgetWithoutATargetIsRefusedOutsideTheShowdown() {
        SpecException e = assertThrows(SpecException.class, () -> flags(null, Duration.ofSeconds(5)).resolve(false));
        assertEquals(true, e.getMessage().contains("needs --precision"), e.getMessage());
    }
}
