package org.fiberbench.orderbook.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;
import org.fiberbench.orderbook.BookKind;
import org.fiberbench.orderbook.CommandCodec;
import org.fiberbench.orderbook.CommandLog;

/**
 * The entry point of a benchmark fork: {@code key=value} arguments in, a properties file out
 * ({@code out=}). The fork ends itself when its standard input closes, which is how it learns
 * that the parent died, even by SIGKILL. Exit 0 on success, 2 on bad arguments, 1 otherwise.
 */
public final class ForkMain {
    private ForkMain() {
    }

    public static void main(String[] args) {
        watchParent(System.in);
        try {
            Map<String, String> a = parse(args);
            Properties out = switch (a.getOrDefault("mode", "")) {
                case "throughput" -> throughput(a);
                case "latency" -> latency(a);
                default -> throw new IllegalArgumentException("mode must be throughput or latency");
            };
            try (OutputStream o = Files.newOutputStream(Path.of(need(a, "out")))) {
                out.store(o, "fiberbench orderbook fork");
            }
            System.exit(0);
        } catch (IllegalArgumentException e) {
            System.err.println("fork: " + e.getMessage());
            System.exit(2);
        } catch (Throwable t) {
            t.printStackTrace();
            System.exit(1);
        }
    }

    private static void watchParent(InputStream in) {
        Thread t = new Thread(() -> {
            try {
                while (in.read() >= 0) {
                    // the parent never writes; anything read is ignored
                }
            } catch (IOException ignored) {
                // a broken pipe means the same as EOF
            }
            Runtime.getRuntime().halt(3);
        }, "parent-watch");
        t.setDaemon(true);
        t.start();
    }

    private static Map<String, String> parse(String[] args) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String s : args) {
            int eq = s.indexOf('=');
            if (eq < 1) {
                throw new IllegalArgumentException("argument '" + s + "' is not key=value");
            }
            m.put(s.substring(0, eq), s.substring(eq + 1));
        }
        return m;
    }

    private static String need(Map<String, String> a, String key) {
        String v = a.get(key);
        if (v == null) {
            throw new IllegalArgumentException("missing " + key + "=");
        }
        return v;
    }

    private static Properties throughput(Map<String, String> a) {
        CommandLog log = CommandCodec.read(Path.of(need(a, "input")));
        long[] counts = Arrays.stream(need(a, "counts").split(",")).mapToLong(Long::parseLong).toArray();
        List<ThroughputBenchmark.Row> rows = ThroughputBenchmark.run(log, BookKind.parse(need(a, "impl")), counts);
        Properties p = new Properties();
        p.setProperty("rows", Integer.toString(rows.size()));
        for (int i = 0; i < rows.size(); i++) {
            p.setProperty("commands." + i, Long.toString(rows.get(i).commands()));
            p.setProperty("seconds." + i, Double.toString(rows.get(i).seconds()));
            p.setProperty("cpu_s." + i, Double.toString(rows.get(i).cpuSeconds()));
            p.setProperty("rates." + i, Arrays.stream(rows.get(i).repeatRates()).mapToObj(Double::toString)
                    .collect(Collectors.joining(",")));
        }
        return p;
    }

    private static Properties latency(Map<String, String> a) {
        CommandLog log = CommandCodec.read(Path.of(need(a, "input")));
        LatencyBenchmark.Result r = LatencyBenchmark.run(log, BookKind.parse(need(a, "impl")),
                Timing.parse(need(a, "timing")), Integer.parseInt(need(a, "rate")),
                Integer.parseInt(need(a, "seconds")), Duration.ofMillis(Long.parseLong(need(a, "deadline_ms"))));
        Properties p = new Properties();
        p.setProperty("planned", Long.toString(r.planned()));
        p.setProperty("sent", Long.toString(r.sent()));
        p.setProperty("elapsed_s", Double.toString(r.elapsedSeconds()));
        p.setProperty("cpu_s", Double.toString(r.cpuSeconds()));
        p.setProperty("completed", Boolean.toString(r.completed()));
        p.setProperty("latency", encode(r.latency()));
        p.setProperty("service", encode(r.service()));
        p.setProperty("gc", String.join(",", r.collectors()));
        p.setProperty("intervals", Integer.toString(r.intervals().size()));
        for (int i = 0; i < r.intervals().size(); i++) {
            p.setProperty("interval." + i, r.intervals().get(i).encode());
        }
        return p;
    }

    static String encode(Histogram h) {
        ByteBuffer b = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int n = h.encodeIntoCompressedByteBuffer(b);
        return Base64.getEncoder().encodeToString(Arrays.copyOf(b.array(), n));
    }

    static Histogram decode(String base64) {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
        } catch (java.util.zip.DataFormatException e) {
            throw new IllegalStateException("fork sent a corrupt histogram", e);
        }
    }
}
