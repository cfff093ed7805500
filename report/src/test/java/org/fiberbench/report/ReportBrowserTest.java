package org.fiberbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opens generated pages in headless Chromium: the report of a crafted run with every section,
 * and a comparison. Reports of real runs are opened by the CLI's {@code RealRunReportBrowserTest}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReportBrowserTest {
    private static final List<String> EVERY_CHART = List.of("score", "sweep", "sweep-speedup", "spectrum", "over-time", "buckets",
            "workers", "workers-busy", "carriers", "threads", "cpu", "memory", "ob-throughput", "ob-timings", "ob-micro");
    private static final List<String> EVERY_SECTION = List.of("warnings", "environment", "summary", "scores", "sweeps", "pinning",
            "profiles", "orderbook", "scenarios");

    @TempDir
    Path dir;
    private ReportInBrowser browser;

    @BeforeAll
    void startBrowser() throws Exception {
        browser = ReportInBrowser.start();
    }

    @AfterAll
    void stopBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    @Test
    void reportWithEverySectionDrawsEveryChartWithoutErrorsOrNetwork() throws Exception {
        browser.open(ReportWriter.write(CraftedRun.write(dir.resolve("run"), 8)));
        browser.assertAllChartsDrawn(60);
        for (String kind : EVERY_CHART) {
            assertTrue(browser.drawnCharts(kind) > 0, kind);
        }
        for (String id : EVERY_SECTION) {
            assertTrue(browser.eval("!!document.getElementById('" + id + "')").asBoolean(), "section " + id);
        }
        browser.assertCleanAndOffline();
        browser.screenshot("report");
    }

    @Test
    void thresholdsComeFirstAndFailedOnesAreRed() throws Exception {
        var run = CraftedRun.run(2, 7);
        CraftedRun.thresholds(run);
        Path d = dir.resolve("gated");
        Json.writePretty(d.resolve("results.json"), run);
        browser.open(ReportWriter.write(d));
        assertEquals("thresholds", browser.eval("document.querySelector('main section').id").asText());
        assertEquals("1 of 2 failed", browser.eval("document.querySelector('#thresholds p').textContent").asText());
        JsonNode rows = browser.eval("[...document.querySelectorAll('#thresholds tbody tr')].map(tr => tr.className + '|'"
                + " + getComputedStyle(tr.cells[3]).color + '|' + tr.cells[0].textContent + '|' + tr.cells[3].textContent)");
        assertEquals("|rgb(29, 35, 48)|PASS|12.5 ms", rows.get(0).asText());
        assertEquals("bad|rgb(179, 38, 30)|FAIL|12.5 ms", rows.get(1).asText());
        browser.assertCleanAndOffline();
    }

    @Test
    void busyTimeChartSaysWhatBusyMeans() throws Exception {
        browser.open(ReportWriter.write(CraftedRun.write(dir.resolve("busy"), 1)));
        browser.assertAllChartsDrawn(1);
        JsonNode title = browser.eval("document.querySelector('[data-chart=workers-busy] .ctitle').textContent");
        assertEquals("Busy time per worker (time virtual threads were mounted)", title.asText());
    }

    @Test
    void hoveringAChartShowsItsValues() throws Exception {
        browser.open(ReportWriter.write(CraftedRun.write(dir.resolve("hover"), 2)));
        JsonNode tip = browser.eval("(() => { const r = document.querySelector('[data-chart=spectrum] svg rect[fill=transparent]');"
                + " const b = r.getBoundingClientRect();"
                + " r.dispatchEvent(new MouseEvent('mousemove', {clientX: b.left + b.width * 0.6, clientY: b.top + 10, bubbles: true}));"
                + " const t = document.getElementById('tip'); return t.style.display + '|' + t.textContent; })()");
        assertTrue(tip.asText().startsWith("block|p99"), tip.asText());
        assertTrue(tip.asText().contains("corrected (from intended start): ") && tip.asText().contains(" ms"), tip.asText());
    }

    @Test
    void comparisonPageDrawsWithoutErrorsOrNetwork() throws Exception {
        Path[] runs = TwoRuns.write(dir.resolve("cmp"));
        browser.open(Compare.of(runs[0], runs[1]).writeHtml(dir.resolve("compare.html")));
        browser.assertAllChartsDrawn(1);
        assertEquals(4, browser.eval("document.querySelectorAll('#comparison tbody tr').length").asInt());
        browser.assertCleanAndOffline();
        browser.screenshot("compare");
    }

    @Test
    void comparisonPageSaysUnboundedInWordsAndNeverShowsANegativeBound() throws Exception {
        Path[] runs = TwoRuns.writeEdges(dir.resolve("edges"));
        browser.open(Compare.of(runs[0], runs[1]).writeHtml(dir.resolve("edges.html")));
        browser.assertAllChartsDrawn(1);
        String rows = browser.eval("document.querySelector('#comparison tbody').innerText").asText();
        assertTrue(rows.matches("(?s).*85\\.470\u00d7 \\[\\d+\\.\\d{3}, unbounded].*"), rows);
        assertTrue(rows.contains("0.060\u00d7 [0.000, "), rows);
        assertFalse(rows.contains("\u221e") || rows.contains("[\u2212") || rows.contains("[-"), rows);
        browser.assertCleanAndOffline();
    }
}

