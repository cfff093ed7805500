package org.fiberbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fiberbench.report.Comparison.Row;
import org.fiberbench.report.Comparison.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompareTest {
    @TempDir
    Path dir;

    private Comparison compare() {
        Path[] runs = TwoRuns.write(dir);
        return Compare.of(runs[0], runs[1]);
    }

    private static Row row(Comparison c, String executor, boolean withJvmArgs) {
        return c.rows().stream().filter(r -> r.executor().equals(executor) && r.jvmArgs().isEmpty() != withJvmArgs).findFirst().orElseThrow();
    }

    @Test
    void lowerTimePerOperationIsFaster() {
        Row r = row(compare(), "virtual", false);
        assertEquals(0.5, r.ratio().value(), 1e-9);
        assertEquals(Verdict.FASTER, r.verdict());
    }

    @Test
    void higherTimePerOperationIsSlower() {
        Row r = row(compare(), "platform:fixed=4", false);
        assertEquals(Verdict.SLOWER, r.verdict());
        assertEquals(100, r.regressionPct(), 1e-9);
    }

    @Test
    void lowerThroughputIsSlower() {
        Row r = row(compare(), "forkjoin:parallelism=2", false);
        assertEquals(0.8, r.ratio().value(), 1e-9);
        assertEquals(Verdict.SLOWER, r.verdict());
        assertEquals(20, r.regressionPct(), 1e-9);
    }

    @Test
    void overlappingRunsShowNoSignificantDifference() {
        assertEquals(Verdict.NO_SIGNIFICANT_DIFFERENCE, row(compare(), "virtual", true).verdict());
    }

    @Test
    void jvmOptionsArePartOfTheMatch() {
        Comparison c = compare();
        assertEquals(4, c.rows().size());
        assertEquals(List.of("process:workers=2 | " + TwoRuns.CPU + " | " + TwoRuns.BATCH), c.onlyA());
        assertEquals(List.of("platform:cached | " + TwoRuns.CPU + " | " + TwoRuns.BATCH), c.onlyB());
    }

    @Test
    void regressionThresholdCountsOnlySignificantSlowdownsBeyondIt() {
        Comparison c = compare();
        assertEquals(2, c.regressionsBeyond(10).size());
        assertEquals(1, c.regressionsBeyond(50).size());
        assertEquals(0, c.regressionsBeyond(100).size());
    }

    @Test
    void textTableListsVerdictsAndTally() {
        String text = compare().toText();
        assertTrue(text.contains("0.500 ["), text);
        assertTrue(text.contains("4 scenario(s) compared, 1 faster, 2 slower, 1 no significant difference"), text);
        assertTrue(text.contains("only in B: platform:cached"), text);
    }

    @Test
    void htmlPageUsesTheReportPage() throws Exception {
        String html = Files.readString(compare().writeHtml(dir.resolve("cmp.html")));
        assertTrue(html.contains("\"kind\":\"compare\"") && html.contains("data-chart"), "compare page");
    }

    @Test
    void parsesPercentages() {
        assertEquals(5, Comparison.parsePercent("5"));
        assertEquals(2.5, Comparison.parsePercent("2.5%"));
    }

    @Test
    void rejectsNegativeOrNonNumericThreshold() {
        InputException e = assertThrows(InputException.class, () -> Comparison.parsePercent("ten"));
        assertTrue(e.getMessage().contains("'ten'"), e.getMessage());
        assertThrows(InputException.class, () -> Comparison.parsePercent("-1"));
    }
}
