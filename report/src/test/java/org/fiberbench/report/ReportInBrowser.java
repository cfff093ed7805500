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
import org.junit.jupiter.api.Assumptions;

/**
 * A report page open in headless Chromium, with the checks every browser test makes: the page ran
 * without an error, every chart container holds a drawn chart, and nothing but the file itself was
 * requested. Public so that the CLI's tests can open reports of real runs. Fails (not skips)
 * without Chromium when CI=true. The system property {@code report.screenshot=DIR} keeps
 * full-page screenshots for a look by eye.
 */
public final class ReportInBrowser implements AutoCloseable {
    private static final Duration PAGE_TIMEOUT = Duration.ofSeconds(10);

    private final Chromium browser;
    private String url;

    private ReportInBrowser(Chromium browser) {
        this.browser = browser;
    }

    /** Starts Chromium, or skips the calling test when it is not installed (outside CI). */
    public static ReportInBrowser start() throws Exception {
        if (!Files.isExecutable(Chromium.BINARY)) {
            if ("true".equals(System.getenv("CI"))) {
                fail(Chromium.BINARY + " is missing; CI must install the Debian package chromium");
            }
            Assumptions.abort(Chromium.BINARY + " not installed; the browser test runs in CI");
        }
        Chromium c = Chromium.start();
        try {
            for (String domain : List.of("Runtime", "Log", "Network", "Page")) {
                c.call(domain + ".enable", Map.of());
            }
        } catch (Exception | AssertionError e) {
            c.close();
            throw e;
        }
        return new ReportInBrowser(c);
    }

    /** Opens a page from disk and waits until its script has drawn everything it draws at load. */
    public ReportInBrowser open(Path page) throws Exception {
        browser.clearEvents();
        url = page.toUri().toString();
        browser.call("Page.navigate", Map.of("url", url));
        browser.await("document.readyState === 'complete' && document.body.getAttribute('data-ready') === 'true'", PAGE_TIMEOUT);
        return this;
    }

    /** No exception, no console or log error, and no request beyond the page's own file. */
    public void assertCleanAndOffline() {
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

    /** Every chart container on the page holds a drawn SVG chart, and there are at least {@code atLeast}. */
    public void assertAllChartsDrawn(int atLeast) throws Exception {
        assertEquals(0, eval("document.querySelectorAll('[data-chart]:not([data-drawn=true])').length").asInt(), "charts left undrawn");
        assertEquals(0, eval("[...document.querySelectorAll('[data-chart]')].filter(c => !c.querySelector('svg')"
                + " && !c.textContent.includes('no data')).length").asInt(), "chart containers without a chart");
        assertEquals(0, eval("[...document.querySelectorAll('[data-chart]')].filter(c => c.querySelector('svg')"
                + " && !c.querySelector('.legend')).length").asInt(), "charts without a legend");
        int drawn = eval("document.querySelectorAll('[data-chart][data-drawn=true] svg').length").asInt();
        assertTrue(drawn >= atLeast, drawn + " charts drawn, expected at least " + atLeast);
    }

    /** How many drawn charts of this kind ({@code data-chart} value) the page holds. */
    public int drawnCharts(String kind) throws Exception {
        return eval("document.querySelectorAll('[data-chart=\"" + kind + "\"][data-drawn=true] svg').length").asInt();
    }

    public JsonNode eval(String expression) throws Exception {
        return browser.eval(expression);
    }

    /** Keeps full-page screenshots in {@code report.screenshot} when that property is set. */
    public void screenshot(String name) throws Exception {
        String to = System.getProperty("report.screenshot");
        if (to == null) {
            return;
        }
        JsonNode size = eval("[document.documentElement.scrollWidth, document.documentElement.scrollHeight]");
        Files.createDirectories(Path.of(to));
        int part = 0;
        for (int y = 0; y < Math.min(size.get(1).asInt(), 12000); y += 1500, part++) {
            JsonNode shot = browser.call("Page.captureScreenshot", Map.of("format", "png", "captureBeyondViewport", true,
                    "clip", Map.of("x", 0, "y", y, "width", size.get(0).asInt(), "height", Math.min(1500, size.get(1).asInt() - y), "scale", 1)));
            Files.write(Path.of(to, name + "-" + part + ".png"), Base64.getDecoder().decode(shot.path("data").asText()));
        }
    }

    @Override
    public void close() {
        browser.close();
    }
}
