package org.fiberbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads back the data a written page carries between its model markers, as the page's script sees it.
 * Public for the CLI's tests, which read the pages of real runs.
 */
public final class PageModel {
    private PageModel() {
    }

    public static JsonNode of(Path page) throws IOException {
        String html = Files.readString(page);
        int start = html.indexOf(Page.START) + Page.START.length();
        return Json.MAPPER.readTree(html.substring(start, html.indexOf(Page.END, start)));
    }
}
