package org.fiberbench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fiberbench.spec.SpecException;
import org.junit.jupiter.api.Test;

class LoadSpecTest {

    private static String error(String spec) {
        return assertThrows(SpecException.class, () -> LoadSpec.parse(spec)).getMessage();
    }

    @Test
    void rejectsZeroRate() {
        assertTrue(error("open:rate=0,duration=1s").contains("rate"));
    }

    @Test
    void rejectsNegativeRate() {
        assertTrue(error("open:rate=-5,duration=1s").contains("-5"));
    }

    @Test
    void rejectsZeroDuration() {
        assertTrue(error("open:rate=10,duration=0s").contains("duration"));
    }

    @Test
    void rejectsZeroUsers() {
        assertTrue(error("closed:users=0,duration=1s").contains("users"));
    }

    @Test
    void rejectsWarmupNotShorterThanDuration() {
        assertTrue(error("open:rate=10,duration=2s,warmup=2s").contains("warmup"));
    }

    @Test
    void messagesAreOneLine() {
        assertTrue(!error("closed:users=-1,duration=1s").contains("\n"));
    }

    @Test
    void printsPoissonOpenLoadCanonically() {
        assertEquals("open:rate=200,duration=3s,warmup=1s,arrival=poisson",
                LoadSpec.parse("open:duration=3s,rate=200,arrival=poisson,warmup=1s").canonical());
    }
}
