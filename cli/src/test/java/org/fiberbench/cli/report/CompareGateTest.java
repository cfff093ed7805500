package org.fiberbench.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code compare --fail-on-regression} on a real run and on copies of it: a B that cannot be
 * judged (a failed, missing or unreadable scenario, no scenarios at all) fails the gate with one
 * line per reason on stderr, and the same lines in the printed comparison.
 */
class CompareGateTest {
    @TempDir
    Path tmp;

    private static CliRun gate(Path a, Path b) {
        return CliRun.of("compare", a.toString(), b.toString(), "--fail-on-regression", "5");
    }

    private static List<String> reasons(CliRun r) {
        return r.err().lines().toList();
    }

    private static void assertShown(CliRun r) {
        reasons(r).forEach(line -> assertTrue(r.out().contains(line + "\n"), "printed too: " + line + "\n" + r.out()));
    }

    @Test
    void aHealthyRunAgainstItselfPasses() {
        Path ok = RealRun.healthy(tmp, "ok", doc -> { });
        CliRun r = gate(ok, ok);
        assertEquals(0, r.status(), r.err());
        assertEquals("", r.err());
        assertTrue(r.out().contains("1 scenario(s) compared"), r.out());
    }

    @Test
    void aFailedScenarioOfBFails() {
        Path real = RealRun.get();
        CliRun r = gate(real, real);
        assertEquals(1, r.status(), r.out());
        assertEquals(1, reasons(r).size(), r.err());
        assertTrue(r.err().startsWith("failed in B: " + RealRun.FAIL + ": java.lang.IllegalStateException: 10 of 10 tasks failed"), r.err());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("virtual") && l.contains("fail:every=1") && l.endsWith("failed in B")), r.out());
        assertShown(r);
    }

    @Test
    void aScenarioMissingFromBFails() {
        Path a = RealRun.healthy(tmp, "a", doc -> { });
        Path b = RealRun.healthy(tmp, "b", doc -> RealRun.noop(doc).putArray("jvm_args").add("-Xmx64m"));
        CliRun r = gate(a, b);
        assertEquals(1, r.status(), r.out());
        assertEquals(List.of("missing in B: " + RealRun.NOOP), reasons(r));
        assertTrue(r.out().contains("only in B: " + RealRun.NOOP + " | -Xmx64m"), r.out());
        assertShown(r);
    }

    @Test
    void stringMetricsInBFailOneLinePerKey() {
        Path a = RealRun.healthy(tmp, "a", doc -> { });
        Path b = RealRun.healthy(tmp, "b", doc -> RealRun.noop(doc).withObjectProperty("metrics").put("score", "fast").put("score_ms_per_op", "0.1"));
        CliRun r = gate(a, b);
        assertEquals(1, r.status(), r.out());
        assertEquals(List.of(
                "unreadable in B: " + RealRun.NOOP + ": scenarios[0].metrics.score is a string (\"fast\"), expected a number or null",
                "unreadable in B: " + RealRun.NOOP + ": scenarios[0].metrics.score_ms_per_op is a string (\"0.1\"), expected a number or null"),
                reasons(r));
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("virtual") && l.endsWith("unreadable metrics")), r.out());
        assertShown(r);
    }

    @Test
    void bWithoutScenariosFails() {
        Path a = RealRun.healthy(tmp, "a", doc -> { });
        Path b = RealRun.healthy(tmp, "b", doc -> doc.putArray("scenarios"));
        CliRun r = gate(a, b);
        assertEquals(1, r.status(), r.out());
        assertEquals(List.of("no scenarios in B: " + b.resolve("results.json"), "missing in B: " + RealRun.NOOP), reasons(r));
        assertShown(r);
    }

    @Test
    void withoutTheGateTheReasonsArePrintedAndTheStatusIsZero() {
        Path a = RealRun.healthy(tmp, "a", doc -> { });
        CliRun r = CliRun.of("compare", a.toString(), RealRun.get().toString());
        assertEquals(0, r.status(), r.err());
        assertEquals("", r.err());
        assertTrue(r.out().contains("failed in B: " + RealRun.FAIL + ": "), r.out());
    }
}
