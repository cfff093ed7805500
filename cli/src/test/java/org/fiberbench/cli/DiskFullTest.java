package org.fiberbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.fiberbench.engine.Defaults;
import org.fiberbench.result.RunDirectory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run whose disk fills up midway (a small tmpfs, filled once the first scenario is written):
 * the results.json on disk stays the last good one, no temporary file is left, the table still
 * shows every scenario, and one line on stderr says what happened. Needs a tmpfs mount (root).
 */
class DiskFullTest {

    @TempDir
    Path tmp;
    private Path mount;

    @AfterEach
    void unmount() throws Exception {
        if (mount != null) {
            new ProcessBuilder("umount", "-l", mount.toString()).inheritIO().start().waitFor(30, TimeUnit.SECONDS);
        }
    }

    private Path smallDisk() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("disk"));
        Process p = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", dir.toString())
                .redirectErrorStream(true).start();
        String why = new String(p.getInputStream().readAllBytes());
        Assumptions.assumeTrue(p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0,
                "cannot mount a tmpfs here (needs root): " + why);
        mount = dir;
        return dir;
    }

    private static int scenariosOnDisk(Path results) {
        try {
            return ((List<?>) RunDirectory.read(results).get("scenarios")).size();
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /** Writes until the file system says it is full. */
    private static void fill(Path disk) throws IOException {
        try (OutputStream out = Files.newOutputStream(disk.resolve("filler"))) {
            byte[] block = new byte[64 * 1024];
            while (true) {
                out.write(block);
            }
        } catch (IOException full) {
            if (!String.valueOf(full.getMessage()).contains("No space left")) {
                throw full;
            }
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void aFullDiskKeepsTheLastGoodResultsAndSaysSoInOneLine() throws Exception {
        Path run = smallDisk().resolve("run");
        List<String> cmd = new ArrayList<>(Defaults.javaCommand());
        cmd.add("-Djmh.ignoreLock=true");
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(), "run",
                "-e", "virtual", "-e", "platform:fixed=1", "-w", "sleep:ms=1", "-l", "batch:tasks=10",
                "--warmup", "0", "--iterations", "2", "--time", "1s", "--out", run.toString()));
        Process p = new ProcessBuilder(cmd).redirectOutput(tmp.resolve("out.txt").toFile())
                .redirectError(tmp.resolve("err.txt").toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (scenariosOnDisk(run.resolve("results.json")) < 1 && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertEquals(1, scenariosOnDisk(run.resolve("results.json")), "the first scenario was written");
            fill(mount);
            assertTrue(p.waitFor(90, TimeUnit.SECONDS), "the run ends");
        } finally {
            p.destroyForcibly();
        }
        String out = Files.readString(tmp.resolve("out.txt"));
        String err = Files.readString(tmp.resolve("err.txt"));
        assertEquals(1, p.exitValue(), err);
        assertTrue(out.contains("virtual") && out.contains("platform:fixed=1"), "the table shows both scenarios: " + out);
        List<String> said = err.lines().filter(l -> l.contains("could not write results")).toList();
        assertEquals(1, said.size(), err);
        assertTrue(said.get(0).startsWith("fiberbench: ") && said.get(0).contains("No space left on device")
                && said.get(0).contains("the last one written, with 1 of 2 scenarios"), said.get(0));
        assertFalse(err.contains("\tat ") || err.contains("Exception in thread"), "no stack trace: " + err);
        Map<String, Object> doc = RunDirectory.read(run.resolve("results.json"));
        assertEquals(1, ((List<Map<String, Object>>) doc.get("scenarios")).size(), "the last good results.json");
        try (var files = Files.list(run)) {
            assertEquals(List.of(), files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".tmp")).toList());
        }
    }
}
