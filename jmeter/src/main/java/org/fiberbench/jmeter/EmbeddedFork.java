package org.fiberbench.jmeter;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.fiberbench.engine.Defaults;
import org.fiberbench.http.LoadOptions;
import org.fiberbench.load.LoadSpec;

/**
 * Runs the plan on a {@link org.apache.jmeter.engine.StandardJMeterEngine} in a forked JVM ({@link
 * EmbeddedMain}) and records the samples it streams back. The password goes to the fork on its
 * standard input, never on its command line; JMeter's log goes to {@code log}.
 */
final class EmbeddedFork implements Runner {
    private final LoadOptions options;
    private final Path log;
    private volatile Process process;

    EmbeddedFork(LoadOptions options, Path log) {
        this.options = options;
        this.log = log;
    }

    @Override
    public void run(JMeterSamples samples, long deadlineNanos) throws IOException, InterruptedException {
        AgentStats stats = samples.agent("embedded");
        process = new ProcessBuilder(command()).redirectError(log.toFile()).start();
        try (OutputStream stdin = process.getOutputStream()) {
            String password = options.target().password();
            stdin.write(((password == null ? "" : password) + "\n").getBytes(StandardCharsets.UTF_8));
            stdin.flush();
            Thread reader = Thread.ofPlatform().name("fiberbench-jmeter-fork-reader").daemon()
                    .start(() -> read(samples, stats));
            reader.join(Math.max(1, (deadlineNanos - System.nanoTime()) / 1_000_000));
            if (reader.isAlive()) {
                stats.lost("the embedded JMeter fork did not end its test in time; see " + log.getFileName());
                process.destroyForcibly();
            } else if (stats.end().getCount() > 0) {
                stats.lost("the embedded JMeter fork ended without finishing its test; see " + log.getFileName());
            }
        } finally {
            process.destroy();
            process.waitFor(5, TimeUnit.SECONDS);
        }
    }

    private void read(JMeterSamples samples, AgentStats stats) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (line.equals("R")) {
                    samples.begin();
                    continue;
                }
                if (line.equals("E")) {
                    stats.ended();
                    return;
                }
                String[] f = line.split(" ", 4);
                if (f.length == 4 && f[0].equals("S")) {
                    samples.record(stats, Long.parseLong(f[1]), f[3].equals("-") ? null : f[3], Long.parseLong(f[2]));
                }
            }
        } catch (IOException | RuntimeException e) {
            stats.lost("reading the embedded JMeter fork failed: " + e.getMessage());
        }
    }

    @Override
    public void stop() {
        Process p = process;
        if (p != null && p.isAlive()) {
            try {
                p.getOutputStream().write("stop\n".getBytes(StandardCharsets.UTF_8));
                p.getOutputStream().flush();
            } catch (IOException e) {
                p.destroy();
            }
        }
    }

    private List<String> command() {
        List<String> cmd = new ArrayList<>(Defaults.javaCommand());
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(EmbeddedMain.class.getName());
        LoadSpec load = options.load();
        cmd.add(options.target().uri().toString());
        cmd.add(options.target().user() == null ? "-" : options.target().user());
        cmd.add(load.canonical()); // a closed load's ramp=R included
        cmd.add(Long.toString(options.target().timeout().toMillis()));
        if (options.target().expect() != null) {
            cmd.add(options.target().expect());
        }
        return cmd;
    }
}
