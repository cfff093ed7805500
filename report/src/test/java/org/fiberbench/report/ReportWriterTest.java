package org.fiberbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportWriterTest {
    @TempDir
    Path dir;

    @Test
    void writesReportHtmlIntoTheRunDirectory() throws Exception {
        Path report = ReportWriter.write(CraftedRun.write(dir, 8));
        assertEquals(dir.resolve("report.html").toAbsolutePath(), report);
        assertTrue(Files.readString(report).contains("\"run_id\":\"20250101-120000-crafted\""));
    }

    @Test
    void pageLoadsNothingFromOutside() throws Exception {
        String html = Files.readString(ReportWriter.write(CraftedRun.write(dir, 8)));
        assertFalse(Pattern.compile("(src|href)\\s*=\\s*[\"']?(https?:)?//", Pattern.CASE_INSENSITIVE).matcher(html).find());
        assertFalse(html.contains("<script src") || html.contains("@import") || html.contains("url(http"));
    }

    @Test
    void pageNamesNoNetworkAddressEvenWhenResultsDo() throws Exception {
        ObjectNode run = CraftedRun.run(2, 3);
        ((ObjectNode) run.path("scenarios").get(0)).put("workload", "http:url=http://127.0.0.1:8080/sleep,cdn=//cdn.example/x.js");
        Json.writePretty(dir.resolve("results.json"), run);
        Path page = ReportWriter.write(dir);
        String html = Files.readString(page);
        for (String address : new String[] {"http://", "https://", "//cdn", "ws://", "ftp://"}) {
            assertFalse(html.contains(address), "the page contains " + address);
        }
        assertEquals("http:url=http://127.0.0.1:8080/sleep,cdn=//cdn.example/x.js",
                PageModel.of(page).path("scenarios").get(0).path("workload").asText(), "the text itself survives");
    }

    @Test
    void resultTextCannotCloseTheScriptElement() throws Exception {
        String html = Files.readString(ReportWriter.write(CraftedRun.write(dir, 8)));
        assertEquals(1, html.split("</script>", -1).length - 1, "only the page's own closing tag");
        assertTrue(html.contains("\\u003C\\/script\\u003E\\u003Cb\\u003Eboom"));
    }

    @Test
    void summaryRatioComesFromRawIterations() {
        JsonNode run = Json.MAPPER.valueToTree(java.util.Map.of(
                "scenarios", java.util.List.of(
                        scenario("01-a", "g", new double[] {19, 20, 21}),
                        scenario("02-b", "g", new double[] {9, 10, 11}))));
        JsonNode ratio = ReportModel.build(run, dir, dir).path("summary").get(1).path("ratio");
        assertEquals(0.5, ratio.path("value").asDouble(), 1e-12);
        assertEquals(0.244142, ratio.path("ci_low").asDouble(), 1e-5);
        assertTrue(ratio.path("significant").asBoolean());
    }

    @Test
    void warningsComeFirstAndNameTheHygieneProblems() {
        JsonNode model = ReportModel.build(CraftedRun.run(8, 1), dir, dir);
        String warnings = model.path("warnings").toString();
        assertTrue(warnings.contains("CPU frequency scaling"), warnings);
        assertTrue(warnings.contains("uncommitted changes"), warnings);
        assertTrue(warnings.contains("Load average before the run was 1.70 on 2 CPUs"), warnings);
        assertTrue(warnings.contains("requested rate was not achieved"), warnings);
        assertTrue(warnings.contains("06-virtual failed"), warnings);
    }

    @Test
    void aMissedPrecisionTargetIsAWarningThatSaysWhy() {
        ObjectNode run = CraftedRun.run(2, 1);
        ObjectNode s = (ObjectNode) run.path("scenarios").get(0);
        ArrayNode its = s.putArray("iterations");
        for (double v : new double[] {278, 251, 186, 148, 151, 131, 124, 129, 129, 151}) {
            its.add(v);
        }
        ((ObjectNode) s.path("config")).putObject("precision").put("target_pct", 10.0).put("achieved_pct", 48.92)
                .put("iterations", 10).put("max_time_s", 10.0).put("stopped", "time budget")
                .put("warmup_iterations", 3).put("off_median", 0);
        ((ObjectNode) run.path("scenarios").get(1).path("config")).putObject("precision").put("target_pct", 10.0)
                .put("achieved_pct", 2.0).put("iterations", 5).put("max_time_s", 10.0).put("stopped", "precision");
        String warnings = ReportModel.build(run, dir, dir).path("warnings").toString();
        assertTrue(warnings.contains("Scenario " + s.path("id").asText() + ": the interval missed its precision target, "
                + "±48.9% > 10% target (time budget; not yet steady: iterations 1-3 above the rest)."), warnings);
        assertFalse(warnings.contains("Scenario " + run.path("scenarios").get(1).path("id").asText() + ": the interval missed"),
                "a target reached is no warning: " + warnings);
    }

    @Test
    void longSeriesAreBucketedForThePage() {
        JsonNode sc = ReportModel.build(CraftedRun.run(1, 1), dir, dir).path("scenarios").get(0);
        assertEquals(Compact.MAX_POINTS, sc.path("resources").path("timeline").path("t_ms").size());
        assertEquals(100, sc.path("latency").path("intervals").path("t_s").size());
        assertTrue(sc.path("latency").path("spectrum").path("corrected").size() < 90);
    }

    @Test
    void linksAreRelativeToTheReportFile() throws Exception {
        Path out = dir.resolve("elsewhere/r.html");
        ReportWriter.write(CraftedRun.write(dir.resolve("run"), 1), out);
        assertEquals("../run/scenarios/01-platform-fixed-4-cpu.html",
                PageModel.of(out).path("scenarios").get(0).path("files").path("flame").path("href").asText());
    }

    @Test
    void reportOfTwoHundredScenariosStaysUnderFiveMegabytes() throws Exception {
        // in memory: writing and parsing the 40 MB input is the benchmark's business, not this test's
        long size = Files.size(Page.write(dir.resolve("report.html"), ReportModel.build(CraftedRun.run(200, 7), dir, dir)));
        assertTrue(size < 5_000_000, size + " bytes");
    }

    @Test
    void everySectionIsOptional() throws Exception {
        Files.writeString(dir.resolve("results.json"), "{\"format_version\":1,\"scenarios\":[{\"id\":\"01-x\",\"executor\":\"virtual\","
                + "\"workload\":\"noop\",\"load\":\"batch:tasks=1\",\"termination\":\"normal\",\"metrics\":{}}]}");
        assertTrue(Files.size(ReportWriter.write(dir)) > 1000);
    }

    @Test
    void rejectsMissingRunDirectory() {
        Path missing = dir.resolve("nope");
        InputException e = assertThrows(InputException.class, () -> ReportWriter.write(missing));
        assertTrue(e.getMessage().contains(missing.toString()), e.getMessage());
    }

    @Test
    void rejectsDirectoryWithoutResults() {
        InputException e = assertThrows(InputException.class, () -> ReportWriter.write(dir));
        assertTrue(e.getMessage().startsWith("no results.json in "), e.getMessage());
    }

    @Test
    void rejectsMalformedJsonNamingTheFile() throws Exception {
        Files.writeString(dir.resolve("results.json"), "{\"scenarios\": [");
        InputException e = assertThrows(InputException.class, () -> ReportWriter.write(dir));
        assertTrue(e.getMessage().startsWith("malformed JSON in " + dir.resolve("results.json")), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    static java.util.Map<String, Object> scenario(String id, String group, double[] iterations) {
        double mean = java.util.Arrays.stream(iterations).average().orElseThrow();
        return java.util.Map.of("id", id, "group", group, "executor", "x-" + id, "workload", "w", "load", "l",
                "metrics", java.util.Map.of("score", mean, "score_unit", "ms/op"), "iterations", iterations);
    }
}
