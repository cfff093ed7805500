package org.fiberbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opens generated pages in headless Chromium: the report of a crafted run with every section,
 * and a comparison. Fails (not skips) without Chromium when CI=true. Set the system property
 * {@code report.screenshot=DIR} to keep full-page screenshots for a look by eye.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReportBrowserTest {
    private static final Duration PAGE_TIMEOUT = Duration.ofSeconds(10);
    private static final List<String> EVERY_CHART = List.of("score", "sweep", "sweep-speedup", "spectrum", "over-time", "buckets",
            "workers", "workers-busy", "carriers", "threads", "cpu", "memory");
    private static final List<String> EVERY_SECTION = List.of("warnings", "environment", "summary", "scores", "sweeps", "pinning",
            "profiles", "orderbook", "scenarios");

    @TempDir
    Path dir;
    private Chromium browser;

    @BeforeAll
    void startBrowser() throws Exception {
        if (!Files.isExecutable(Chromium.BINARY)) {
            if ("true".equals(System.getenv("CI"))) {
                fail(Chromium.BINARY + " is missing; CI must install the Debian package chromium");
            }
            Assumptions.abort(Chromium.BINARY + " not installed; the browser test runs in CI");
        }
        browser = Chromium.start();
        for (String domain : List.of("Runtime", "Log", "Network", "Page")) {
            browser.call(domain + ".enable", Map.of());
        }
    }

    @AfterAll
    void stopBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    private String open(Path page) throws Exception {
        browser.clearEvents();
        String url = page.toUri().toString();
        browser.call("Page.navigate", Map.of("url", url));
        browser.await("document.readyState === 'complete' && document.body.getAttribute('data-ready') === 'true'", PAGE_TIMEOUT);
        return url;
    }

    private void assertCleanAndOffline(String url) {
        assertEquals(List.of(), browser.events(m -> m.equals("Runtime.exceptionThrown")), "exceptions");
        assertEquals(List.of(), browser.events(m -> m.equals("Runtime.consoleAPICalled")).stream()
                .filter(e -> List.of("error", "assert").contains(e.path("params").path("type").asText())).toList(), "console errors");
        assertEquals(List.of(), browser.events(m -> m.equals("Log.entryAdded")).stream()
                .filter(e -> "error".equals(e.path("params").path("entry").path("level").asText())).toList(), "log errors");
        List<String> requests = browser.events(m -> m.equals("Network.requestWillBeSent")).stream()
                .map(e -> e.path("params").path("request").path("url").asText()).toList();
        assertTrue(requests.contains(url), "the page itself was loaded: " + requests);
        assertEquals(List.of(), requests.stream().filter(u -> !u.equals(url) && !u.startsWith("data:")).toList(), "requests beyond the file");
    }

    private void assertAllChartsDrawn(int atLeast) throws Exception {
        assertEquals(0, browser.eval("document.querySelectorAll('[data-chart]:not([data-drawn=true])').length").asInt());
        int drawn = browser.eval("document.querySelectorAll('[data-chart][data-drawn=true] svg').length").asInt();
        assertTrue(drawn >= atLeast, drawn + " charts drawn");
    }

    @Test
    void reportWithEverySectionDrawsEveryChartWithoutErrorsOrNetwork() throws Exception {
        Path report = ReportWriter.write(CraftedRun.write(dir.resolve("run"), 8));
        String url = open(report);
        assertAllChartsDrawn(60);
        for (String kind : EVERY_CHART) {
            assertTrue(browser.eval("document.querySelectorAll('[data-chart=\"" + kind + "\"][data-drawn=true]').length > 0").asBoolean(), kind);
        }
        for (String id : EVERY_SECTION) {
            assertTrue(browser.eval("!!document.getElementById('" + id + "')").asBoolean(), "section " + id);
        }
        assertCleanAndOffline(url);
        screenshot("report");
    }

    @Test
    void hoveringAChartShowsItsValues() throws Exception {
        open(ReportWriter.write(CraftedRun.write(dir.resolve("hover"), 2)));
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
        String url = open(Compare.of(runs[0], runs[1]).writeHtml(dir.resolve("compare.html")));
        assertAllChartsDrawn(1);
        assertEquals(4, browser.eval("document.querySelectorAll('#comparison tbody tr').length").asInt());
        assertCleanAndOffline(url);
        screenshot("compare");
    }

    private void screenshot(String name) throws Exception {
        String to = System.getProperty("report.screenshot");
        if (to == null) {
            return;
        }
        JsonNode size = browser.eval("[document.documentElement.scrollWidth, document.documentElement.scrollHeight]");
        Files.createDirectories(Path.of(to));
        int part = 0;
        for (int y = 0; y < Math.min(size.get(1).asInt(), 12000); y += 1500, part++) {
            JsonNode shot = browser.call("Page.captureScreenshot", Map.of("format", "png", "captureBeyondViewport", true,
                    "clip", Map.of("x", 0, "y", y, "width", size.get(0).asInt(), "height", Math.min(1500, size.get(1).asInt() - y), "scale", 1)));
            Files.write(Path.of(to, name + "-" + part + ".png"), Base64.getDecoder().decode(shot.path("data").asText()));
        }
    }
}
