package org.fiberbench.cli.jmeter;

import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * Apache JMeter 5.6.3, stock, in a JVM of its own: the Maven Central jars only (the classpath cli's
 * build writes to {@code target/jmeter.classpath}, checked here to hold no fiberbench code), started
 * through JMeter's own launcher {@code org.apache.jmeter.NewDriver} as {@code bin/jmeter} does, with a
 * JMETER_HOME made from the {@code bin/} files of the {@code ApacheJMeter_config} jar. Every wait is
 * bounded; a process that outlives its bound is killed and the test fails with its output.
 */
public final class StockJMeter {
    private static final String LAUNCHER = "org.apache.jmeter.NewDriver";
    private final Path home;
    private final String classpath;

    private StockJMeter(Path home, String classpath) {
        this.home = home;
        this.classpath = classpath;
    }

    /** A JMETER_HOME under {@code dir} (bin/*.properties, log4j2.xml, empty lib/ext) and the checked classpath. */
    public static StockJMeter in(Path dir) throws IOException {
        Path file = Path.of("target", "jmeter.classpath");
        if (!Files.isRegularFile(file)) {
            throw new IllegalStateException(file.toAbsolutePath() + " is missing: build cli with Maven (process-test-classes writes it)");
        }
        String cp = Files.readString(file).trim();
        List<String> entries = Arrays.asList(cp.split(java.io.File.pathSeparator));
        for (String e : entries) {
            if (e.contains("fiberbench") || e.endsWith("classes")) {
                throw new IllegalStateException("the stock JMeter classpath holds fiberbench code: " + e);
            }
        }
        Path config = entries.stream().filter(e -> Path.of(e).getFileName().toString().startsWith("ApacheJMeter_config-"))
                .map(Path::of).findFirst().orElseThrow(() -> new IllegalStateException("no ApacheJMeter_config jar in " + file));
        Path home = Files.createDirectories(dir.resolve("jmeter-home"));
        Files.createDirectories(home.resolve("lib/ext"));
        Files.createDirectories(home.resolve("lib/junit"));
        try (JarFile jar = new JarFile(config.toFile())) {
            for (JarEntry e : java.util.Collections.list(jar.entries())) {
                String n = e.getName();
                if (n.startsWith("bin/") && !n.endsWith("/") && (n.endsWith(".properties") || n.endsWith(".xml")) && !n.contains("/templates/")) {
                    Path to = home.resolve(n);
                    Files.createDirectories(to.getParent());
                    try (InputStream in = jar.getInputStream(e)) {
                        Files.copy(in, to, StandardCopyOption.REPLACE_EXISTING);
                    }
                }
            }
        }
        return new StockJMeter(home, cp);
    }

    public Path home() {
        return home;
    }

    /** The test resource {@code name} with its {@code @KEY@} markers replaced (values XML-escaped), written to {@code to}. */
    public static Path plan(String name, Map<String, String> values, Path to) throws IOException {
        String text;
        try (InputStream in = StockJMeter.class.getResourceAsStream(name)) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        for (Map.Entry<String, String> e : values.entrySet()) {
            text = text.replace("@" + e.getKey() + "@", e.getValue().replace("&", "&amp;").replace("<", "&lt;"));
        }
        return Files.writeString(to, text);
    }

    /** What a finished JMeter process left: its exit status and its console output. */
    public record Run(int exit, String output) {
    }

    /**
     * {@code jmeter -n -t plan -l jtl} (plus {@code args}, e.g. {@code -R host:port,...}); waits at most {@code limit}.
     */
    public Run run(Path plan, Path jtl, Duration limit, String... args) throws IOException, InterruptedException {
        List<String> cmd = command("-n", "-t", plan.toString(), "-l", jtl.toString(), "-j", jtl.resolveSibling(jtl.getFileName() + ".log").toString(),
                "-Jserver.rmi.ssl.disable=true");
        cmd.addAll(List.of(args));
        Process p = start(cmd, jtl.resolveSibling(jtl.getFileName() + ".out"));
        boolean done = p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS);
        if (!done) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        String out = Files.readString(jtl.resolveSibling(jtl.getFileName() + ".out"));
        if (!done) {
            throw new IllegalStateException("stock JMeter did not finish within " + limit + ":\n" + out);
        }
        return new Run(p.exitValue(), out);
    }

    /**
     * A stock {@code jmeter-server} ({@code -s}) on {@code port}, RMI without TLS, its stubs naming 127.0.0.1,
     * returned once its registry accepts connections (at most {@code limit}). Close it to end it. JMeter 5.6.3 has
     * no bind address: its registry and engine ports listen on every interface while it runs, so tests keep
     * it up for one run only and use it on machines whose other interfaces are not reachable (CI, a sandbox).
     */
    public Server server(int port, Path log, Duration limit) throws IOException, InterruptedException {
        List<String> cmd = command("-s", "-j", log.toString(), "-Jserver_port=" + port, "-Jserver.rmi.ssl.disable=true",
                "-Jserver.rmi.localport=" + freePort());
        cmd.add(1, "-Djava.rmi.server.hostname=127.0.0.1"); // else JMeter refuses a host name that resolves to loopback
        Path out = log.resolveSibling(log.getFileName() + ".out");
        Server s = new Server(start(cmd, out), port, out);
        long deadline = System.nanoTime() + limit.toNanos();
        while (!s.accepting()) {
            if (!s.process().isAlive() || System.nanoTime() > deadline) {
                s.close();
                throw new IllegalStateException("stock jmeter-server on port " + port + " did not start within " + limit + ":\n"
                        + Files.readString(out));
            }
            Thread.sleep(100);
        }
        return s;
    }

    /** A running stock jmeter-server. */
    public record Server(Process process, int port, Path output) implements AutoCloseable {
        boolean accepting() {
            try (Socket s = new Socket("127.0.0.1", port)) {
                return true;
            } catch (IOException e) {
                return false;
            }
        }

        /** 127.0.0.1:port, as JMeter's -R takes it. */
        public String address() {
            return "127.0.0.1:" + port;
        }

        @Override
        public void close() throws InterruptedException {
            process.descendants().forEach(ProcessHandle::destroy);
            process.destroy();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    private List<String> command(String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Djmeter.home=" + home); // NewDriver takes it when the classpath is more than one jar
        cmd.add("-Xmx256m");
        cmd.add("-cp");
        cmd.add(classpath);
        cmd.add(LAUNCHER);
        cmd.addAll(List.of(args));
        return cmd;
    }

    private Process start(List<String> cmd, Path output) throws IOException {
        return new ProcessBuilder(cmd).directory(home.toFile()).redirectErrorStream(true)
                .redirectOutput(output.toFile()).start();
    }

    /** A port free on loopback now. */
    public static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
