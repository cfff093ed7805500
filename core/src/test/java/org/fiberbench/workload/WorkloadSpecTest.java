package org.fiberbench.workload;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fiberbench.spec.SpecException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class WorkloadSpecTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "cpu:iterations=1m | cpu:iterations=1000000",
        "sleep:ms=200 | sleep:ms=200",
        "noop | noop",
        "fail:every=3 | fail:every=3",
    })
    void printsCanonicalForm(String text, String canonical) {
        assertEquals(canonical, WorkloadSpec.parse(text).canonical());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "spin | unknown workload kind 'spin'; accepted: cpu, sleep, noop, fail",
        "cpu | needs iterations=N",
        "cpu:iterations=0 | key 'iterations': 0 is out of range",
        "cpu:iterations=-5 | key 'iterations': -5 is out of range",
        "sleep:ms=x | 'x' is not a whole number",
        "sleep:seconds=1 | has no key 'seconds'; accepted keys: ms",
    })
    void rejectsBadSpecs(String text, String expected) {
        var e = assertThrows(SpecException.class, () -> WorkloadSpec.parse(text));
        assertTrue(e.getMessage().contains(expected), () -> "message was: " + e.getMessage());
    }

    @Test
    void cpuTaskComputesAndChecksItsResult() {
        Workload w = WorkloadSpec.parse("cpu:iterations=100000").create();
        assertDoesNotThrow(() -> w.run(0));
        Workload one = WorkloadSpec.parse("cpu:iterations=1").create();
        assertDoesNotThrow(() -> one.run(0));
    }

    @Test
    void failWorkloadFailsEveryNthTask() throws Exception {
        Workload w = WorkloadSpec.parse("fail:every=3").create();
        w.run(0);
        w.run(1);
        assertThrows(IllegalStateException.class, () -> w.run(2));
        w.run(3);
    }

    @Test
    void sleepTaskSleepsAtLeastItsTime() throws Exception {
        Workload w = WorkloadSpec.parse("sleep:ms=20").create();
        long t0 = System.nanoTime();
        w.run(0);
        assertTrue(System.nanoTime() - t0 >= 20_000_000L);
    }
}
