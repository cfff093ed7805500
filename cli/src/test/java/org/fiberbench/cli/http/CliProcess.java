package org.fiberbench.cli.http;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.fiberbench.cli.CliCapture;

/** {@code fiberbench ARGS} as a real process (a JVM of its own, stdout and stderr into one log), for signal tests. */
final class CliProcess implements AutoCloseable {
    private final Process process;
    private final Path log;

    private CliProcess(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    static CliProcess start(Path log, String... args) throws IOException {
        return start(log, Map.of(), args);
    }

    /** As {@link #start(Path, String...)}, with {@code env} added to the process's environment. */
    static CliProcess start(Path log, Map<String, String> env, String... args) throws IOException {
        List<String> cmd = CliCapture.command(args);
        ProcessBuilder b = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        b.environment().putAll(env);
        Process p = b.start();
        return new CliProcess(p, log);
    }

    /** The first log line starting with {@code prefix}, or null when the process exits or 60 s pass first. */
    String awaitLine(String prefix) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline && process.isAlive()) {
            for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
                if (line.startsWith(prefix)) {
                    return line;
                }
            }
            Thread.sleep(50);
        }
        return null;
    }

    /** Sends SIGINT, as Ctrl-C in a terminal does. */
    void interrupt() throws IOException, InterruptedException {
        signal("INT");
    }

    /** Sends SIGTERM, as a service manager or {@code kill} does. */
    void terminate() throws IOException, InterruptedException {
        signal("TERM");
    }

    private void signal(String name) throws IOException, InterruptedException {
        new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).inheritIO().start().waitFor();
    }

    long pid() {
        return process.pid();
    }

    /** Open file descriptors of the process, from {@code /proc} (Linux). */
    int descriptors() throws IOException {
        try (var s = Files.list(Path.of("/proc", Long.toString(process.pid()), "fd"))) {
            return (int) s.count();
        }
    }

    private static final String[] TCP_STATES = {"?", "ESTABLISHED", "SYN_SENT", "SYN_RECV", "FIN_WAIT1", "FIN_WAIT2",
        "TIME_WAIT", "CLOSE", "CLOSE_WAIT", "LAST_ACK", "LISTEN", "CLOSING"};

    /**
     * What the process's descriptors are, counted by kind: a TCP socket by its state (from {@code
     * /proc/PID/net/tcp*}), a file, a pipe, an epoll instance. For a failure message: which ones stayed.
     */
    Map<String, Integer> descriptorKinds() throws IOException {
        String pid = Long.toString(process.pid());
        Map<String, String> tcp = new java.util.HashMap<>();
        for (String table : List.of("tcp", "tcp6")) {
            Path p = Path.of("/proc", pid, "net", table);
            if (!Files.exists(p)) {
                continue;
            }
            List<String> lines = Files.readAllLines(p, StandardCharsets.US_ASCII);
            for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
                String[] c = line.trim().split("\\s+");
                if (c.length > 9) {
                    int st = Integer.parseInt(c[3], 16);
                    tcp.put(c[9], st < TCP_STATES.length ? TCP_STATES[st] : c[3]);
                }
            }
        }
        Map<String, Integer> kinds = new java.util.TreeMap<>();
        try (var s = Files.list(Path.of("/proc", pid, "fd"))) {
            for (Path fd : (Iterable<Path>) s::iterator) {
                String target;
                try {
                    target = Files.readSymbolicLink(fd).toString();
                } catch (IOException closedMeanwhile) {
                    continue;
                }
                String kind = target.startsWith("socket:[") ? "socket " + tcp.getOrDefault(target.substring(8, target.length() - 1), "(not TCP)")
                        : target.startsWith("/") ? "file" : target.replaceAll(":?\\[[0-9]+\\]$", "");
                kinds.merge(kind, 1, Integer::sum);
            }
        }
        return kinds;
    }

    /** The exit status, or -1 when it has not exited within {@code millis}. */
    int awaitExitMillis(long millis) throws InterruptedException {
        return process.waitFor(millis, TimeUnit.MILLISECONDS) ? process.exitValue() : -1;
    }

    /** The exit status, or -1 when it has not exited within {@code seconds}. */
    int awaitExit(long seconds) throws InterruptedException {
        return process.waitFor(seconds, TimeUnit.SECONDS) ? process.exitValue() : -1;
    }

    String output() throws IOException {
        return Files.readString(log, StandardCharsets.UTF_8);
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
