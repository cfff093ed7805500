package org.fiberbench.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code report} and {@code compare} on copies of a real run with one key broken: exit status 2,
 * one line naming the file, the key's path, what was there and what was expected; nothing written.
 */
class CorruptRunTest {
    @TempDir
    Path tmp;

    private static void assertOnlyResults(Path dir) throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(dir.resolve("results.json")), files.toList(), "nothing written beside results.json");
        }
    }

    private static void assertRefused(CliRun r, String message) {
        assertEquals(2, r.status(), r.out() + r.err());
        assertEquals("fiberbench: " + message, r.err().strip());
        assertEquals(1, r.err().strip().lines().count(), r.err());
    }

    @Test
    void reportRefusesAStringMetric() throws Exception {
        Path run = RealRun.copy(tmp, "run", doc -> RealRun.noop(doc).withObjectProperty("metrics").put("score_ms_per_op", "fast"));
        assertRefused(CliRun.of("report", run.toString()), run.resolve("results.json")
                + ": scenarios[0].metrics.score_ms_per_op is a string (\"fast\"), expected a number or null");
        assertOnlyResults(run);
    }

    @Test
    void reportRefusesARunWithoutFormatVersion() throws Exception {
        Path run = RealRun.copy(tmp, "run", doc -> doc.remove("format_version"));
        assertRefused(CliRun.of("report", run.toString()), run.resolve("results.json")
                + ": format_version is missing, expected 1 (this fiberbench reads results.json format 1)");
        assertOnlyResults(run);
    }

    @Test
    void reportRefusesAnUnknownMajorVersion() throws Exception {
        Path run = RealRun.copy(tmp, "run", doc -> doc.put("format_version", 2));
        assertRefused(CliRun.of("report", run.toString()), run.resolve("results.json")
                + ": format_version is 2, expected 1 (this fiberbench reads results.json format 1)");
        assertOnlyResults(run);
    }

    @Test
    void reportWithOutWritesNoFileForAWrongSection() throws Exception {
        Path run = RealRun.copy(tmp, "run", doc -> RealRun.noop(doc).withObjectProperty("resources").put("timeline", 3));
        Path out = tmp.resolve("pages/r.html");
        assertRefused(CliRun.of("report", run.toString(), "--out", out.toString()), run.resolve("results.json")
                + ": scenarios[0].resources.timeline is a number (3), expected an array or null");
        assertTrue(Files.notExists(tmp.resolve("pages")), "no page, no directory for it");
    }

    @Test
    void compareRefusesAScenarioWithoutItsSpecAndWritesNoHtml() throws Exception {
        Path a = RealRun.copy(tmp, "a", doc -> { });
        Path b = RealRun.copy(tmp, "b", doc -> RealRun.noop(doc).put("executor", 7));
        Path html = tmp.resolve("cmp.html");
        CliRun r = CliRun.of("compare", a.toString(), b.toString(), "--fail-on-regression", "5", "--html", html.toString());
        assertRefused(r, b.resolve("results.json") + ": scenarios[0].executor is a number (7), expected a string");
        assertEquals("", r.out());
        assertTrue(Files.notExists(html));
    }

    @Test
    void compareRefusesAnUnknownTermination() {
        Path a = RealRun.copy(tmp, "a", doc -> RealRun.noop(doc).put("termination", "fine"));
        CliRun r = CliRun.of("compare", a.toString(), RealRun.get().toString());
        assertRefused(r, a.resolve("results.json")
                + ": scenarios[0].termination is a string (\"fine\"), expected \"normal\", \"failure\" or \"interrupted\"");
    }

    @Test
    void theRealRunItselfReports() {
        Path run = RealRun.copy(tmp, "run", doc -> { });
        CliRun r = CliRun.of("report", run.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(Files.exists(run.resolve("report.html")));
    }
}
