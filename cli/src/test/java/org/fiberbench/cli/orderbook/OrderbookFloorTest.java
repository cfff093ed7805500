package org.fiberbench.cli.orderbook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.fiberbench.orderbook.BookKind;
import org.fiberbench.orderbook.CommandCodec;
import org.fiberbench.orderbook.bench.LatencyBenchmark;
import org.fiberbench.orderbook.bench.Timing;
import org.fiberbench.result.RunDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code orderbook latency --floor}: the empty book beside the real one, and a rate not kept marked as such. */
class OrderbookFloorTest extends OrderbookCliTest {
    private Path generate() {
        return generate(5000, 3);
    }

    @Test
    @SuppressWarnings("unchecked")
    void theFloorRunsFirstAndIsPrintedBesideTheBook() throws Exception {
        Path runDir = dir.resolve("run");
        assertEquals(0, run("latency", "--input", generate().toString(), "--rate", "2000", "--seconds", "1", "--impl", "fast",
                "--floor", "--timing", "uniform", "--threshold", "achieved>=99%", "--out", runDir.toString()), err + "\n" + out);
        List<Map<String, Object>> sc = (List<Map<String, Object>>) RunDirectory.read(runDir.resolve("results.json")).get("scenarios");
        assertEquals(List.of("empty", "fast"), sc.stream().map(s -> s.get("executor")).toList());
        assertEquals(sc.get(0).get("id"), sc.get(1).get("baseline"), "the floor is the book's baseline");
        Map<String, Object> floor = (Map<String, Object>) ((Map<String, Object>) sc.get(1).get("orderbook")).get("floor");
        assertTrue(((Number) floor.get("p99_ns")).longValue() > 0, floor.toString());
        String printed = out.toString();
        assertTrue(printed.contains("Beside the floor"), printed);
        assertTrue(printed.lines().anyMatch(l -> l.startsWith("fast   uniform") && l.contains(" | ") && l.contains("p99.9")), printed);
        assertEquals(2, printed.lines().filter(l -> l.contains("PASS") && l.contains("achieved>=99%")).count(), printed);
    }

    @Test
    void aRunStoppedBeforeItsRateIsMarkedBesideTheFloor() {
        var log = CommandCodec.read(generate());
        LatencyBenchmark.Result cut = LatencyBenchmark.run(log, BookKind.FAST, Timing.UNIFORM, 1000, 3, Duration.ofMillis(50));
        assertFalse(cut.completed(), "a 50 ms deadline stops a 3 s schedule");
        assertTrue(cut.sent() < cut.planned(), cut.sent() + " of " + cut.planned());
        assertTrue(LatencyResults.saturated(cut));
        String line = LatencyResults.besideFloor("fast", "uniform", "(default)", cut, cut);
        assertTrue(line.endsWith("(rate not achieved)"), line);
    }
}
