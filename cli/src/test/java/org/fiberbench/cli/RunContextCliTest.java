package org.fiberbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fiberbench.result.RunDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs in one JVM, one after the other, as a test suite or an embedding program does: each has the
 * options of its own command line. A flag once set JVM-wide (--verbose as a system property,
 * --dir in a static field) leaked into every later run.
 */
class RunContextCliTest {
    @TempDir
    Path tmp;

    /** Runs {@code fiberbench run ...} in this JVM; returns what it wrote to stderr. */
    private static String run(List<String> args) {
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            List<String> all = new ArrayList<>(List.of("run", "-e", "platform:fixed=2", "-l", "batch:tasks=4",
                    "--warmup", "0", "--iterations", "1", "--time", "200ms"));
            all.addAll(args);
            assertEquals(0, Main.execute(all.toArray(String[]::new)), captured::toString);
        } finally {
            System.setErr(err);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }

    @Test
    void verboseStaysWithItsOwnRun() {
        String loud = run(List.of("-w", "cpu:iterations=1000", "-v", "--out", tmp.resolve("loud").toString()));
        String quiet = run(List.of("-w", "cpu:iterations=1000", "--out", tmp.resolve("quiet").toString()));
        assertTrue(loud.contains("# JMH version"), loud);
        assertFalse(quiet.contains("# JMH version"), quiet);
    }

    @Test
    @SuppressWarnings("unchecked")
    void dirStaysWithItsOwnRunAndTheCommandIsRecorded() throws Exception {
        Path files = Files.createDirectory(tmp.resolve("files"));
        run(List.of("-w", "file:writes=1..2", "--dir", files.toString(), "--out", tmp.resolve("a").toString()));
        run(List.of("-w", "file:writes=1..2", "--out", tmp.resolve("b").toString()));
        Map<String, Object> a = RunDirectory.read(tmp.resolve("a/results.json"));
        Map<String, Object> b = RunDirectory.read(tmp.resolve("b/results.json"));
        String workloadA = ((List<Map<String, Object>>) a.get("scenarios")).get(0).get("workload").toString();
        String workloadB = ((List<Map<String, Object>>) b.get("scenarios")).get(0).get("workload").toString();
        assertEquals("file:writes=1..2,dir=" + files.toAbsolutePath().normalize(), workloadA);
        assertEquals("file:writes=1..2", workloadB);
        assertTrue(a.get("command").toString().startsWith("run -e platform:fixed=2 "), a.get("command").toString());
        assertTrue(a.get("command").toString().endsWith("--out " + tmp.resolve("a")), a.get("command").toString());
    }
}
