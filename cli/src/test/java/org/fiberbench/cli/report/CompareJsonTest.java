package org.fiberbench.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code compare --json}: one JSON document on stdout that says what the table says, row for row
 * (scores, ratio with its interval, significance, verdict), and the problems that fail a gate.
 */
class CompareJsonTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    @TempDir
    Path tmp;

    private static JsonNode json(CliRun r) throws Exception {
        assertEquals(0, r.status(), r.err());
        return JSON.readTree(r.out());
    }

    /** The table's line for a row: its executor, workload and load start it. */
    private static String line(CliRun text, JsonNode row) {
        return text.out().lines().filter(l -> l.startsWith(row.path("executor").asText() + " ")
                && l.contains(row.path("workload").asText())).findFirst().orElseThrow(() -> new AssertionError(text.out()));
    }

    @Test
    void realRunsComparedAsJsonAgreeWithTheTable() throws Exception {
        Path a = RealRun.get();
        Path b = RealRun.copy(tmp, "b", doc -> { });
        JsonNode c = json(CliRun.of("compare", a.toString(), b.toString(), "--json"));
        CliRun text = CliRun.of("compare", a.toString(), b.toString());
        assertEquals(2, c.path("scenarios").size(), c::toString);
        JsonNode noop = c.path("scenarios").get(0);
        assertEquals("noop", noop.path("workload").asText());
        assertEquals(1.0, noop.path("ratio").path("value").asDouble(), 1e-12, "a run against a copy of itself");
        JsonNode ratio = noop.path("ratio");
        assertTrue(ratio.path("ci_low").asDouble() <= 1, noop::toString);
        assertTrue(ratio.path("ci_high").isNull() || ratio.path("ci_high").asDouble() >= 1, "null when unbounded: " + noop);
        assertEquals(false, noop.path("significant").asBoolean());
        String row = line(text, noop);
        assertTrue(row.endsWith(noop.path("verdict").asText()), row + " vs " + noop);
        // the table prints the same interval: "[lo, hi]", "[lo, unbounded]" or "unbounded" (a lower end of 0)
        String interval = ratio.path("ci_high").isNull()
                ? (ratio.path("ci_low").asDouble() > 0 ? String.format(Locale.ROOT, "[%.3f, unbounded]", ratio.path("ci_low").asDouble()) : "unbounded")
                : String.format(Locale.ROOT, "[%.3f, %.3f]", ratio.path("ci_low").asDouble(), ratio.path("ci_high").asDouble());
        assertTrue(row.contains(String.format(Locale.ROOT, "%.3f %s", ratio.path("value").asDouble(), interval)), row + " vs " + noop);
        JsonNode failed = c.path("scenarios").get(1);
        assertEquals("failed in B", failed.path("verdict").asText());
        assertTrue(failed.path("ratio").isNull(), "no score in B: no ratio");
        assertTrue(line(text, failed).endsWith("failed in B"));
        assertTrue(c.path("problems").get(0).asText().startsWith("failed in B: virtual | fail:every=1"), c.path("problems")::toString);
    }

    @Test
    void verdictsAndChangesMatchTheTableRowForRow() throws Exception {
        Path a = RealRun.healthy(tmp, "a", doc -> { });
        Path b = RealRun.healthy(tmp, "b", doc -> {
            JsonNode s = RealRun.noop(doc);
            com.fasterxml.jackson.databind.node.ArrayNode its = (com.fasterxml.jackson.databind.node.ArrayNode) s.path("iterations");
            for (int i = 0; i < its.size(); i++) {
                its.set(i, its.get(i).asDouble() * 3); // three times slower, every iteration
            }
            ((com.fasterxml.jackson.databind.node.ObjectNode) s.path("metrics")).put("score", s.path("metrics").path("score").asDouble() * 3);
        });
        JsonNode row = json(CliRun.of("compare", a.toString(), b.toString(), "--json")).path("scenarios").get(0);
        CliRun text = CliRun.of("compare", a.toString(), b.toString());
        assertEquals(3.0, row.path("ratio").path("value").asDouble(), 1e-9);
        assertEquals(200.0, row.path("change_pct").asDouble(), 1e-6);
        assertTrue(line(text, row).contains("+200.0%"), line(text, row));
        assertTrue(line(text, row).endsWith(row.path("verdict").asText()), line(text, row) + " vs " + row);
        assertEquals(row.path("significant").asBoolean(), row.path("verdict").asText().equals("slower"));
        assertEquals("ms/op", row.path("unit").asText());
        assertTrue(row.path("lower_is_better").asBoolean());
    }

    @Test
    void aRatioWithoutIntervalHasNullEnds() throws Exception {
        Path a = RealRun.healthy(tmp, "a", doc -> ((com.fasterxml.jackson.databind.node.ObjectNode) RealRun.noop(doc)).putArray("iterations").add(1.0));
        Path b = RealRun.healthy(tmp, "b", doc -> ((com.fasterxml.jackson.databind.node.ObjectNode) RealRun.noop(doc)).putArray("iterations").add(2.0));
        JsonNode row = json(CliRun.of("compare", a.toString(), b.toString(), "--json")).path("scenarios").get(0);
        assertTrue(row.path("ratio").path("ci_low").isNull(), row::toString);
        assertTrue(row.path("ratio").path("ci_high").isNull(), row::toString);
        assertEquals("not comparable", row.path("verdict").asText());
    }

    @Test
    void withHtmlStdoutStaysOneJsonDocument() throws Exception {
        Path html = tmp.resolve("cmp.html");
        CliRun r = CliRun.of("compare", RealRun.get().toString(), RealRun.get().toString(), "--json", "--html", html.toString());
        json(r);
        assertTrue(r.err().contains("html: " + html), r.err());
        assertTrue(Files.isRegularFile(html));
    }
}
