package org.fiberbench.cli.orderbook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.fiberbench.result.RunDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;
import picocli.CommandLine;

/** {@code --threshold} and {@code --junit} on the order book's latency and throughput commands, on small real runs. */
class OrderbookGateTest extends OrderbookCliTest {
    @Test
    @SuppressWarnings("unchecked")
    void aLatencyRunThatMissesAThresholdExitsThree() throws Exception {
        Path in = generate(2000);
        Path runDir = dir.resolve("lat");
        Path junit = dir.resolve("lat.xml");
        assertEquals(3, run("latency", "--input", in.toString(), "--rate", "1000", "--seconds", "1", "--impl", "fast",
                "--timing", "uniform", "--threshold", "fast: p99<10s", "--threshold", "p99<1ns", "--junit", junit.toString(),
                "--out", runDir.toString()), err.toString());
        assertTrue(out.toString().contains("thresholds: 1 of 2 failed"), out.toString());
        assertTrue(out.toString().contains("  FAIL     p99<1ns "), out.toString());
        List<Map<String, Object>> verdicts = (List<Map<String, Object>>) RunDirectory.read(runDir.resolve("results.json")).get("thresholds");
        assertEquals(List.of(true, false), verdicts.stream().map(v -> v.get("pass")).toList());
        assertEquals("s", verdicts.get(0).get("unit"));
        Element suite = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(junit.toFile()).getDocumentElement();
        assertEquals("fiberbench orderbook-latency", suite.getAttribute("name"));
        assertEquals("2", suite.getAttribute("tests"));
        assertEquals("1", suite.getAttribute("failures"));
    }

    @Test
    void aThroughputRunPassesItsThresholdAndRejectsAPercentileBeforeAnyFork() throws Exception {
        Path in = generate(1000);
        Path runDir = dir.resolve("thr");
        assertEquals(0, run("throughput", "--input", in.toString(), "--counts", "5000", "--impl", "fast",
                "--threshold", "throughput>=1/s", "--out", runDir.toString()), err.toString());
        assertTrue(out.toString().contains("thresholds: 0 of 1 failed"), out.toString());
        Path bad = dir.resolve("bad");
        assertEquals(2, run("throughput", "--input", in.toString(), "--counts", "5000", "--impl", "fast",
                "--threshold", "p99<1ms", "--out", bad.toString()));
        String line = err.toString().strip();
        assertEquals(1, line.lines().count(), line);
        assertTrue(line.contains("threshold 'p99<1ms': scenario fast × orderbook:input=cmds-1000-9.csv × replay:commands=5000 has no p99"),
                line);
        assertFalse(Files.exists(bad), "nothing written");
    }
}
