package org.fiberbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fiberbench.result.RunDirectory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A batch scenario's peak threads, end to end: the fork's exact per-iteration peak in the table and results.json. */
class ExactPeaksCliTest {
    private static final int TASKS = 500;

    @BeforeAll
    static void shareTheMachine() {
        // other JMH runs on this machine may hold /tmp/jmh.lock; every scenario forks its own JVM anyway
        System.setProperty("jmh.ignoreLock", "true");
    }

    @TempDir
    Path out;

    @Test
    @SuppressWarnings("unchecked")
    void perTaskThreadsThatAllOverlapShowTheirFullCountInTableAndResults() throws Exception {
        Path dir = out.resolve("run");
        // 500 threads that sleep 1 s: all are alive together however slowly this machine starts threads
        CliCapture.Outcome r = CliCapture.run("run", "-e", "platform:per-task", "-w", "sleep:ms=1000", "-l", "batch:tasks=" + TASKS,
                "--warmup", "0", "--iterations", "2", "--time", "500ms", "--out", dir.toString());
        String table = r.out();
        assertEquals(0, r.code(), table + r.err());
        Map<String, Object> s = ((List<Map<String, Object>>) RunDirectory.read(dir.resolve("results.json"))
                .get("scenarios")).get(0);
        int peak = ((Number) ((Map<String, Object>) s.get("metrics")).get("threads_peak")).intValue();
        assertTrue(peak >= TASKS, "threads_peak " + peak);
        Matcher m = Pattern.compile("threads=(\\d+)").matcher(table);
        assertTrue(m.find(), table);
        assertEquals(peak, Integer.parseInt(m.group(1)), table);
    }
}
