package org.fiberbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.fiberbench.cli.CliCapture.Outcome;
import org.fiberbench.result.RunDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * {@code --threshold}, {@code --thresholds} and {@code --junit} on real tiny runs: a run that misses
 * its threshold exits 3 and says so in the table, results.json, the JUnit XML and the report; one
 * that meets it exits 0; a bad threshold is one line, exit 2, before anything is written.
 */
class ThresholdCliTest {
    private static final String[] SLEEP_OPEN = {"run", "-e", "virtual", "-w", "sleep:ms=10", "-l", "open:rate=50,duration=2s",
        "--warmup", "0", "--iterations", "1", "--time", "500ms"};

    @TempDir
    Path tmp;

    static Outcome cli(String... args) {
        return CliCapture.run(args);
    }

    private static String[] with(String[] base, String... more) {
        List<String> all = new ArrayList<>(List.of(base));
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    @Test
    @SuppressWarnings("unchecked")
    void aSleepOfTenMillisecondsFailsP99Under5msWithExitThree() throws Exception {
        Path out = tmp.resolve("fail");
        Path junit = tmp.resolve("fail.xml");
        Outcome r = cli(with(SLEEP_OPEN, "--threshold", "p99<5ms", "--threshold", "errors<1%", "--out", out.toString(),
                "--junit", junit.toString()));
        assertEquals(3, r.code(), r.err());
        assertTrue(r.out().contains("thresholds: 1 of 2 failed"), r.out());
        assertTrue(r.out().matches("(?s).*  FAIL     p99<5ms    01-virtual-sleep-ms-10-open-rate-50-duration-2s  +\\d+(\\.\\d+)? ms  < 5 ms\n.*"), r.out());
        assertTrue(r.out().indexOf("thresholds:") > r.out().indexOf("Latency, open model"), "after the results table: " + r.out());
        List<Map<String, Object>> verdicts = (List<Map<String, Object>>) RunDirectory.read(out.resolve("results.json")).get("thresholds");
        assertEquals(2, verdicts.size());
        Map<String, Object> p99 = verdicts.get(0);
        assertEquals(List.of("expr", "scenario", "value", "unit", "pass"), List.copyOf(p99.keySet()));
        assertEquals("p99<5ms", p99.get("expr"));
        assertEquals("01-virtual-sleep-ms-10-open-rate-50-duration-2s", p99.get("scenario"));
        assertEquals("ms", p99.get("unit"));
        assertEquals(false, p99.get("pass"));
        assertTrue(((Number) p99.get("value")).doubleValue() >= 10, "a 10 ms sleep: " + p99);
        assertEquals(true, verdicts.get(1).get("pass"));
        assertEquals(2, org.fiberbench.report.PageModel.of(out.resolve("report.html")).path("thresholds").size());

        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(junit.toFile());
        Element suite = doc.getDocumentElement();
        assertEquals("testsuite", suite.getTagName());
        assertEquals("2", suite.getAttribute("tests"));
        assertEquals("1", suite.getAttribute("failures"));
        assertEquals("0", suite.getAttribute("errors"));
        assertTrue(Double.parseDouble(suite.getAttribute("time")) > 0);
        NodeList cases = suite.getElementsByTagName("testcase");
        Element first = (Element) cases.item(0);
        assertEquals("fiberbench.adhoc.01-virtual-sleep-ms-10-open-rate-50-duration-2s", first.getAttribute("classname"));
        assertEquals("p99<5ms", first.getAttribute("name"));
        Element failure = (Element) first.getElementsByTagName("failure").item(0);
        assertTrue(failure.getAttribute("message").startsWith("p99<5ms failed: measured "), failure.getAttribute("message"));
        assertTrue(first.getElementsByTagName("system-out").item(0).getTextContent().contains("latency_p99_ns: "));
        Element second = (Element) cases.item(1);
        assertEquals("errors<1%", second.getAttribute("name"));
        assertEquals(0, second.getElementsByTagName("failure").getLength());
    }

    @Test
    void theSameRunMeetsP99Under500msWithExitZero() throws Exception {
        Path out = tmp.resolve("pass");
        Path file = Files.writeString(tmp.resolve("gate.txt"), "# the tail of a 10 ms sleep\np99<500ms\nachieved>=50%  # of 50/s\n");
        Outcome r = cli(with(SLEEP_OPEN, "--thresholds", file.toString(), "--out", out.toString()));
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("thresholds: 0 of 2 failed"), r.out());
        assertTrue(r.out().contains("  PASS     p99<500ms "), r.out());
    }

    @Test
    void withoutThresholdsJunitHasOneCasePerScenarioThatFailsWithIt() throws Exception {
        Path junit = tmp.resolve("plain.xml");
        Outcome r = cli("run", "-e", "virtual", "-e", "platform:fixed=1", "-w", "sleep:ms=1", "-l", "batch:tasks=2",
                "--warmup", "0", "--iterations", "1", "--time", "100ms", "--junit", junit.toString(), "--out", tmp.resolve("plain").toString());
        assertEquals(0, r.code(), r.err());
        assertFalse(r.out().contains("thresholds:"), r.out());
        Element suite = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(junit.toFile()).getDocumentElement();
        assertEquals("2", suite.getAttribute("tests"));
        assertEquals("0", suite.getAttribute("failures"));
        assertEquals("completes", ((Element) suite.getElementsByTagName("testcase").item(1)).getAttribute("name"));
    }

    @Test
    void aBadThresholdIsOneLineExitTwoAndNothingIsWritten() {
        for (String[] bad : List.of(new String[] {"p95<5ms", "unknown metric 'p95'"}, new String[] {"p99<5", "no unit for p99"},
                new String[] {"score<250ms/op", "has no score; score applies to batch loads"},
                new String[] {"platform:fixed=3: p99<1s", "matches no scenario of this run"})) {
            for (boolean dry : new boolean[] {false, true}) {
                Path out = tmp.resolve("bad-" + dry + "-" + bad[0].hashCode());
                Path junit = tmp.resolve("bad.xml");
                String[] args = with(SLEEP_OPEN, "--threshold", bad[0], "--out", out.toString(), "--junit", junit.toString());
                Outcome r = cli(dry ? with(args, "--dry-run") : args);
                assertEquals(2, r.code(), bad[0] + ": " + r.err());
                String line = r.err().strip();
                assertEquals(1, line.lines().count(), line);
                assertTrue(line.startsWith("fiberbench: threshold '" + bad[0] + "'") && line.contains(bad[1]), line);
                assertFalse(Files.exists(out), "nothing written: " + out);
                assertFalse(Files.exists(junit));
            }
        }
    }

    @Test
    void aBatchPlanRejectsAPercentileAndAMissingThresholdsFileOrAJunitDirectory() {
        Outcome r = cli("run", "-e", "virtual", "-w", "sleep:ms=1", "-l", "batch:tasks=2", "--threshold", "p99<1s", "--dry-run");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("scenario virtual × sleep:ms=1 × batch:tasks=2 has no p99"), r.err());
        r = cli(with(SLEEP_OPEN, "--thresholds", tmp.resolve("none.txt").toString(), "--dry-run"));
        assertEquals(2, r.code());
        assertTrue(r.err().contains("no such file"), r.err());
        r = cli(with(SLEEP_OPEN, "--junit", tmp.toString(), "--dry-run"));
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--junit " + tmp + " is a directory"), r.err());
    }

    @Test
    void aRatioThresholdPassesOnlyWhenSignificantAtNinetyNinePointNine() {
        String[] base = {"run", "-e", "platform:fixed=1", "-e", "virtual", "-w", "sleep:ms=5", "-l", "batch:tasks=20",
            "--warmup", "0", "--time", "300ms", "--threshold", "virtual: ratio<0.5"};
        // 20 sleeps of 5 ms one after the other vs all at once: about 0.05; five iterations put the whole
        // interval below 0.5 even on a busy machine (with three, Student's t at 99.9% is up to 31.6 and a noisy
        // baseline leaves it unbounded)
        Outcome five = cli(with(base, "--iterations", "5", "--out", tmp.resolve("ratio5").toString()));
        assertEquals(0, five.code(), five.out() + five.err());
        assertTrue(five.out().contains("  PASS     virtual: ratio<0.5 "), five.out());
        // one iteration gives no interval: the same small ratio is not significant, so it fails
        Outcome one = cli(with(base, "--iterations", "1", "--out", tmp.resolve("ratio1").toString()));
        assertEquals(3, one.code(), one.out() + one.err());
        assertTrue(one.out().contains("  FAIL     virtual: ratio<0.5 ") && one.out().contains("no 99.9% interval"), one.out());
    }
}
