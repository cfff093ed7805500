package org.fiberbench.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fiberbench.cli.Main;
import org.fiberbench.report.ReportInBrowser;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reports of small real runs, opened in headless Chromium (the report module's test-jar drives
 * it): the page runs without an error, every chart container holds a drawn chart, no request leaves
 * the file, and the file itself names no network address.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RealRunReportBrowserTest {
    private static final List<String> ADDRESSES = List.of("http://", "https://", "//cdn", "ws://", "wss://", "ftp://");

    @TempDir
    Path tmp;
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

    private void assertNamesNoAddress(Path page) throws Exception {
        String html = Files.readString(page);
        for (String a : ADDRESSES) {
            assertFalse(html.contains(a), page + " contains " + a);
        }
    }

    @Test
    void reportOfARealOpenLoopRunDrawsEveryChartOffline() throws Exception {
        Path out = tmp.resolve("run");
        assertEquals(0, Main.execute("run", "-e", "virtual", "-e", "platform:fixed=2", "-w", "sleep:ms=1",
                "-l", "open:rate=100,duration=1500ms,warmup=500ms", "--out", out.toString()));
        Path page = out.resolve("report.html");
        assertNamesNoAddress(page);
        browser.open(page);
        browser.assertAllChartsDrawn(8);
        for (String kind : List.of("score", "spectrum", "over-time", "buckets", "threads", "cpu", "memory")) {
            assertTrue(browser.drawnCharts(kind) > 0, kind + " chart drawn");
        }
        assertEquals(2, browser.eval("document.querySelectorAll('#summary tbody tr').length").asInt());
        browser.assertCleanAndOffline();
        browser.screenshot("real-run");
    }

    @Test
    void reportOfRealOrderbookRunsDrawsTheirTablesAndChartsOffline() throws Exception {
        Path cmds = tmp.resolve("cmds.csv");
        assertEquals(0, CliRun.of("orderbook", "generate", "--count", "3000", "--seed", "5", "--out", cmds.toString()).status());
        Path lat = tmp.resolve("lat");
        CliRun r = CliRun.of("orderbook", "latency", "--input", cmds.toString(), "--rate", "2000", "--seconds", "2", "--impl", "fast",
                "--out", lat.toString());
        assertEquals(0, r.status(), r.err());
        Path thr = tmp.resolve("thr");
        r = CliRun.of("orderbook", "throughput", "--input", cmds.toString(), "--counts", "1000,3000", "--out", thr.toString());
        assertEquals(0, r.status(), r.err());
        for (Path page : List.of(lat.resolve("report.html"), thr.resolve("report.html"))) {
            assertNamesNoAddress(page);
            browser.open(page);
            browser.assertAllChartsDrawn(2);
            assertTrue(browser.eval("!!document.getElementById('orderbook')").asBoolean(), "order book section in " + page);
            browser.assertCleanAndOffline();
            browser.screenshot(page.getParent().getFileName().toString());
        }
        browser.open(lat.resolve("report.html"));
        for (String kind : List.of("ob-timings", "spectrum", "over-time", "buckets", "score")) {
            assertTrue(browser.drawnCharts(kind) > 0, kind + " chart drawn");
        }
        browser.open(thr.resolve("report.html"));
        assertEquals(2, browser.drawnCharts("ob-throughput"), "one throughput chart per impl");
    }
}
