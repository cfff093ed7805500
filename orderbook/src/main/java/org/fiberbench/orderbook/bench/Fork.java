package org.fiberbench.orderbook.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@link ForkMain} in a fresh JVM: the same java binary and class path as this one, plus the
 * given JVM options. Bounded: the fork is killed when it outlives its timeout, when the waiting
 * thread is interrupted, or when this JVM shuts down; and it halts by itself when this JVM dies
 * (its standard input, a pipe from here, closes).
 */
public final class Fork {
    /** Why a fork produced no result; {@code interrupted} distinguishes Ctrl-C from a failure. */
    public static final class ForkException extends RuntimeException {
        private final boolean interrupted;

        ForkException(String message, boolean interrupted) {
            super(message);
            this.interrupted = interrupted;
        }

        public boolean interrupted() {
            return interrupted;
        }
    }

    /** Both ends of the result file: the fork writes its record with it, the parent reads it back. */
    static final ObjectMapper JSON = new ObjectMapper();

    private Fork() {
    }

    /** Runs a fork with {@code args} (key=value, without out=) and returns the result it wrote, as a {@code type}. */
    static <T> T run(List<String> jvmArgs, List<String> args, Duration timeout, Class<T> type) {
        Path dir = null;
        try {
            dir = Files.createTempDirectory("fiberbench-orderbook-fork");
            Path out = dir.resolve("result.json");
            Path log = dir.resolve("fork.log");
            List<String> cmd = command(jvmArgs, args, out);
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            OutputStream keepStdinOpen = p.getOutputStream();
            Thread killer = new Thread(p::destroyForcibly, "fork-killer");
            Runtime.getRuntime().addShutdownHook(killer);
            try {
                int exit = await(p, timeout, log);
                if (exit != 0) {
                    throw new ForkException("fork exited with " + exit + ": " + outcome(log), false);
                }
                return JSON.readValue(out.toFile(), type);
            } finally {
                removeHook(killer);
                keepStdinOpen.close();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("fork failed: " + e.getMessage(), e);
        } finally {
            deleteQuietly(dir);
        }
    }

    static List<String> command(List<String> jvmArgs, List<String> args, Path out) {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse(
                Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(jvmArgs);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(ForkMain.class.getName());
        cmd.addAll(args);
        cmd.add("out=" + out);
        return cmd;
    }

    private static int await(Process p, Duration timeout, Path log) {
        try {
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                kill(p);
                throw new ForkException("fork did not finish within " + timeout.toSeconds() + " s and was killed", false);
            }
            return p.exitValue();
        } catch (InterruptedException e) {
            kill(p);
            Thread.currentThread().interrupt();
            throw new ForkException("interrupted; the fork was killed", true);
        }
    }

    private static void kill(Process p) {
        p.destroyForcibly();
        try {
            p.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException ignored) {
            // already shutting down: the hook will kill the fork, as intended
        }
    }

    /**
     * What the fork said about its end: its first line of output (where the JVM names a bad option
     * and a stack trace names its exception) and its last, skipping blank and warning lines.
     */
    static String outcome(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8).stream().map(String::strip)
                    .filter(l -> !l.isEmpty() && !l.startsWith("WARNING:")).toList();
            if (lines.isEmpty()) {
                return "(no output)";
            }
            String first = lines.get(0);
            String last = lines.get(lines.size() - 1);
            return lines.size() == 1 ? first : first + " ... " + last;
        } catch (IOException e) {
            return "(no log)";
        }
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try (var files = Files.list(dir)) {
            for (Path f : files.toList()) {
                Files.deleteIfExists(f);
            }
            Files.deleteIfExists(dir);
        } catch (IOException ignored) {
            // a leftover temp file is harmless
        }
    }
}
