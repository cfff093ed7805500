package org.fiberbench.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Collects the command lines of this JVM's descendants, as {@code ps} shows them (from
 * {@code /proc/PID/cmdline}), and their environments ({@code /proc/PID/environ}), while a run is
 * under way. Bounded: it stops itself after two minutes.
 */
final class CommandLineWatcher {
    private final Set<String> lines = ConcurrentHashMap.newKeySet();
    private final Set<String> environments = ConcurrentHashMap.newKeySet();
    private final Thread thread;
    private volatile boolean stop;

    private CommandLineWatcher() {
        thread = Thread.ofPlatform().daemon(true).name("cmdline-watcher").unstarted(this::poll);
    }

    static CommandLineWatcher start() {
        CommandLineWatcher w = new CommandLineWatcher();
        w.thread.start();
        return w;
    }

    private void poll() {
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (!stop && System.nanoTime() < deadline) {
            ProcessHandle.current().descendants().forEach(p -> {
                try {
                    byte[] raw = Files.readAllBytes(Path.of("/proc", Long.toString(p.pid()), "cmdline"));
                    String line = new String(raw, StandardCharsets.UTF_8).replace('\0', ' ');
                    lines.add(line);
                    if (line.contains("java")) {
                        byte[] env = Files.readAllBytes(Path.of("/proc", Long.toString(p.pid()), "environ"));
                        environments.add(line + "\n" + new String(env, StandardCharsets.UTF_8).replace('\0', '\n'));
                    }
                } catch (IOException | RuntimeException gone) {
                    // the process ended between listing and reading
                }
            });
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    void stop() throws InterruptedException {
        stop = true;
        thread.join(5000);
    }

    /** How many distinct command lines were seen. */
    int seen() {
        return (int) lines.stream().filter(l -> l.contains("java")).count();
    }

    boolean contains(String text) {
        return lines.stream().anyMatch(l -> l.contains(text));
    }

    /** The command line of a process whose environment held {@code text}, not counting those whose command line has {@code except}; or null. */
    String environmentWith(String text, String except) {
        return environments.stream().map(e -> e.split("\n", 2))
                .filter(e -> !e[0].contains(except) && e.length > 1 && e[1].contains(text))
                .map(e -> e[0]).findFirst().orElse(null);
    }

    /** Whether a command line without {@code except} holds {@code text}. */
    boolean containsOutside(String text, String except) {
        return lines.stream().anyMatch(l -> !l.contains(except) && l.contains(text));
    }
}
