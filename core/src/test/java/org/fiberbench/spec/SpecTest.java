package org.fiberbench.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class SpecTest {

    @Test
    void parsesKindAndParamsInOrder() {
        Spec s = Spec.parse("executor", "virtual:scheduler=fixed,carriers=4");
        assertEquals("virtual", s.kind());
        assertEquals(List.of("scheduler", "carriers"), List.copyOf(s.params().keySet()));
        assertEquals(4, s.intValue("carriers", 0, 1, 10));
    }

    @Test
    void keepsRangeListsUnderOneKey() {
        Spec s = Spec.parse("workload", "primes:range=1..10,20..30");
        assertEquals("1..10,20..30", s.string("range", ""));
    }

    @Test
    void rejectsDuplicateKey() {
        var e = assertThrows(SpecException.class, () -> Spec.parse("executor", "virtual:carriers=1,carriers=2"));
        assertTrue(e.getMessage().contains("'carriers' twice"), e.getMessage());
    }

    @Test
    void rejectsEmptySpec() {
        assertThrows(SpecException.class, () -> Spec.parse("executor", " "));
    }

    @Test
    void unknownKeyNamesAcceptedKeys() {
        var e = assertThrows(SpecException.class,
                () -> Spec.parse("executor", "forkjoin:threads=2").requireKeys(java.util.Set.of("parallelism")));
        assertTrue(e.getMessage().contains("'threads'") && e.getMessage().contains("parallelism"), e.getMessage());
    }

    @Test
    void numbersAcceptSuffixesAndUnderscores() {
        assertEquals(10_000, Numbers.parseLong("x", "10_000", 0, Long.MAX_VALUE));
        assertEquals(10_000, Numbers.parseLong("x", "10k", 0, Long.MAX_VALUE));
        assertEquals(1_000_000, Numbers.parseLong("x", "1e6", 0, Long.MAX_VALUE));
    }

    @Test
    void nonNumberNamesValueAndRange() {
        var e = assertThrows(SpecException.class, () -> Numbers.parseLong("load 'batch' key 'tasks'", "ten", 1, 5));
        assertEquals("load 'batch' key 'tasks': 'ten' is not a whole number; accepted: 1..5", e.getMessage());
    }

    @Test
    void durationsRoundTrip() {
        assertEquals(Duration.ofMillis(500), Numbers.parseDuration("d", "500ms"));
        assertEquals(Duration.ofSeconds(10), Numbers.parseDuration("d", "10s"));
        assertEquals(Duration.ofMinutes(2), Numbers.parseDuration("d", "2m"));
        assertEquals("1500ms", Numbers.formatDuration(Duration.ofMillis(1500)));
        assertEquals("2m", Numbers.formatDuration(Duration.ofSeconds(120)));
    }

    @Test
    void rejectsReversedRange() {
        var e = assertThrows(SpecException.class, () -> LongRange.parse("r", "10..1", 0, 100));
        assertTrue(e.getMessage().contains("reversed"), e.getMessage());
    }
}
