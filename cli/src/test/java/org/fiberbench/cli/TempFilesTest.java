package org.fiberbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.fiberbench.engine.Defaults;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nothing a run puts in the temp directory outlives it, also when a process is killed outright:
 * JMH's files of a killed CLI are removed by the next fiberbench, the task directory of a killed
 * fork by the CLI when it ends. The CLI is started as the launcher starts it, with its own
 * directory under a temp base, here the test's (the launcher's is /tmp).
 */
class TempFilesTest {

    @TempDir
    Path base;

    /** {@code fiberbench ARGS} the way the launcher execs it: java.io.tmpdir is a fresh mktemp directory named by its pid. */
    private Process start(Path log, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("bash", "-c",
                "d=\"$(mktemp -d -p \"$0\" \"fiberbench-tmp-$$-XXXXXX\")\" && exec \"$1\" \"-Djava.io.tmpdir=$d\" \"${@:2}\"",
                base.toString(), Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(Defaults.FORK_JVM_ARGS);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    private String[] fileRun(Path out) {
        return new String[] {"run", "-e", "virtual", "-w", "file:writes=0..1000", "-l", "batch:tasks=10",
            "--warmup", "0", "--iterations", "20", "--time", "1s", "--out", out.toString()};
    }

    /** The JMH fork of a run, once it has set its workload up. */
    private ProcessHandle awaitFork(Process cli) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline && cli.isAlive()) {
            var fork = cli.children().findFirst(); // a batch scenario's one child: its JMH fork
            if (fork.isPresent() && leftovers(base).stream().anyMatch(n -> n.contains("/fiberbench-file-"))) {
                return fork.get(); // set up: JMH's files and the fork's task directory exist
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no JMH fork started: " + leftovers(base) + "\n" + Files.readString(base.resolve("run.log")));
    }

    /** What a run leaves in the temp base: JMH's files, task directories, our per-run directories (JMH's lock stays). */
    private static List<String> leftovers(Path base) throws IOException {
        // a running fork writes and deletes task files while this walks: a file gone mid-walk means walk again
        for (int attempt = 1; ; attempt++) {
            try (Stream<Path> all = Files.walk(base)) {
                return all.filter(p -> !p.equals(base)).map(p -> base.relativize(p).toString())
                        .filter(n -> !n.equals("jmh.lock") && !n.startsWith("out") && !n.endsWith(".log")).toList();
            } catch (java.io.UncheckedIOException e) {
                if (!(e.getCause() instanceof java.nio.file.NoSuchFileException) || attempt == 50) {
                    throw e;
                }
            }
        }
    }

    @Test
    void theNextRunRemovesWhatAKilledRunLeft() throws Exception {
        Process cli = start(base.resolve("run.log"), fileRun(base.resolve("out")));
        List<ProcessHandle> children = new ArrayList<>();
        try {
            awaitFork(cli);
            cli.descendants().forEach(children::add);
            assertTrue(leftovers(base).stream().anyMatch(n -> n.matches("fiberbench-tmp-\\d+-\\w+/jmh\\d+.*")),
                    "JMH's files are in the run's own directory: " + leftovers(base));
            cli.destroyForcibly(); // kill -9: no shutdown hook runs
            assertTrue(cli.waitFor(10, TimeUnit.SECONDS));
        } finally {
            children.forEach(ProcessHandle::destroyForcibly);
        }
        for (ProcessHandle c : children) {
            c.onExit().get(10, TimeUnit.SECONDS);
        }
        assertTrue(leftovers(base).stream().allMatch(n -> n.startsWith("fiberbench-tmp-" + cli.pid() + "-")),
                "nothing outside the killed run's own directory: " + leftovers(base));
        Process next = start(base.resolve("list.log"), "list", "executors");
        assertTrue(next.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, next.exitValue(), Files.readString(base.resolve("list.log")));
        assertEquals(List.of(), leftovers(base), "the next fiberbench swept the killed run's directory, and removed its own");
    }

    @Test
    void aKilledForksTaskDirectoryGoesWithTheRun() throws Exception {
        Process cli = start(base.resolve("run.log"), fileRun(base.resolve("out")));
        try {
            ProcessHandle fork = awaitFork(cli);
            assertTrue(leftovers(base).stream().anyMatch(n -> n.matches(".*/fiberbench-file-" + fork.pid() + "-\\d+")),
                    "the fork made its task directory in the run's directory: " + leftovers(base));
            fork.destroyForcibly();
            assertTrue(cli.waitFor(60, TimeUnit.SECONDS), "the run ends");
        } finally {
            cli.destroyForcibly();
        }
        String log = Files.readString(base.resolve("run.log"));
        assertEquals(1, cli.exitValue(), "the scenario failed, the run completed: " + log);
        assertEquals(List.of(), leftovers(base), "no task directory, no JMH file, no run directory left");
        assertFalse(log.contains("Exception in thread"), log);
    }
}
