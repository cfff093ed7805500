package org.fiberbench.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.fiberbench.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportCommandTest {
    @TempDir
    Path tmp;

    private Path run(String resultsJson) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("run"));
        Files.writeString(dir.resolve("results.json"), resultsJson);
        return dir;
    }

    @Test
    void writesReportHtmlIntoTheRunDirectory() throws Exception {
        Path dir = run("{\"format_version\":1,\"run_id\":\"r\",\"scenarios\":[{\"id\":\"01-x\",\"executor\":\"virtual\",\"workload\":\"noop\","
                + "\"load\":\"batch:tasks=1\",\"termination\":\"normal\",\"metrics\":{\"score\":1.5,\"score_unit\":\"ms/op\"}}]}");
        CliRun r = CliRun.of("report", dir.toString());
        assertEquals(0, r.status(), r.err());
        assertEquals("report: " + dir.resolve("report.html").toAbsolutePath(), r.out().strip());
        assertTrue(Files.readString(dir.resolve("report.html")).contains("\"executor\":\"virtual\""));
    }

    @Test
    void outOptionNamesTheFile() throws Exception {
        Path dir = run("{\"format_version\":1,\"scenarios\":[]}");
        Path out = tmp.resolve("x/r.html");
        assertEquals(0, CliRun.of("report", dir.toString(), "--out", out.toString()).status());
        assertTrue(Files.exists(out));
    }

    @Test
    void reportsARealRun() throws Exception {
        Path out = tmp.resolve("real");
        // the run's own status is not the point: a failed scenario (e.g. JMH's lock held by another run) is reported too
        Main.execute("run", "-e", "virtual", "-w", "cpu:iterations=100", "-l", "batch:tasks=10",
                "--warmup", "0", "--iterations", "2", "--time", "100ms", "--out", out.toString());
        assertTrue(Files.exists(out.resolve("results.json")));
        CliRun r = CliRun.of("report", out.toString());
        assertEquals(0, r.status(), r.err());
        String html = Files.readString(out.resolve("report.html"));
        assertTrue(html.contains("\"executor\":\"virtual\"") && html.contains("\"workload\":\"cpu:iterations=100\""), "summary row of the real run");
    }

    @Test
    void importsAJmhResult() throws Exception {
        Path result = tmp.resolve("jmh.json");
        Files.writeString(result, "[{\"benchmark\":\"a.B.c\",\"mode\":\"thrpt\",\"threads\":1,\"params\":{},"
                + "\"primaryMetric\":{\"score\":5.0,\"scoreError\":0.5,\"scoreUnit\":\"ops/s\",\"rawData\":[[4.5,5.0,5.5]]}}]");
        Path out = tmp.resolve("imported");
        CliRun r = CliRun.of("report", "--jmh", result.toString(), "--out", out.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(Files.exists(out.resolve("results.json")) && Files.exists(out.resolve("report.html")));
    }

    @Test
    void missingDirectoryExitsTwoNamingIt() {
        Path missing = tmp.resolve("nope");
        CliRun r = CliRun.of("report", missing.toString());
        assertEquals(2, r.status());
        assertEquals("fiberbench: run directory not found: " + missing, r.err().strip());
    }

    @Test
    void directoryWithoutResultsExitsTwo() {
        CliRun r = CliRun.of("report", tmp.toString());
        assertEquals(2, r.status());
        assertTrue(r.err().startsWith("fiberbench: no results.json in " + tmp), r.err());
    }

    @Test
    void malformedJsonExitsTwoWithOneLine() throws Exception {
        Path dir = run("{\"scenarios\": [ {\"id\": ");
        CliRun r = CliRun.of("report", dir.toString());
        assertEquals(2, r.status());
        assertTrue(r.err().startsWith("fiberbench: malformed JSON in " + dir.resolve("results.json")), r.err());
        assertEquals(1, r.err().strip().lines().count());
    }

    @Test
    void needsARunOrAJmhFile() {
        CliRun r = CliRun.of("report");
        assertEquals(2, r.status());
        assertTrue(r.err().contains("give either a run directory or --jmh RESULT.json"), r.err());
    }
}
