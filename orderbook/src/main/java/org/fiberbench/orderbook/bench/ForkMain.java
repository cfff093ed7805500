package org.fiberbench.orderbook.bench;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.fiberbench.orderbook.BookKind;
import org.fiberbench.orderbook.CommandCodec;
import org.fiberbench.orderbook.CommandLog;

/**
 * The entry point of a benchmark fork: {@code key=value} arguments in, its typed result out as
 * JSON ({@code out=}): the throughput rows or the latency {@link LatencyBenchmark.Result}, which
 * {@link Fork} reads back into the same types. The fork ends itself when its standard input closes, which is how it learns
 * that the parent died, even by SIGKILL. Exit 0 on success, 2 on bad arguments, 1 otherwise.
 */
public final class ForkMain {
    private ForkMain() {
    }

    public static void main(String[] args) {
        watchParent(System.in);
        try {
            Map<String, String> a = parse(args);
            Object out = switch (a.getOrDefault("mode", "")) {
                case "throughput" -> throughput(a);
                case "latency" -> latency(a);
                default -> throw new IllegalArgumentException("mode must be throughput or latency");
            };
            Fork.JSON.writeValue(Path.of(need(a, "out")).toFile(), out);
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

    private static ThroughputBenchmark.Row[] throughput(Map<String, String> a) {
        CommandLog log = CommandCodec.read(Path.of(need(a, "input")));
        long[] counts = Arrays.stream(need(a, "counts").split(",")).mapToLong(Long::parseLong).toArray();
        return ThroughputBenchmark.run(log, BookKind.parse(need(a, "impl")), counts).toArray(ThroughputBenchmark.Row[]::new);
    }

    private static LatencyBenchmark.Result latency(Map<String, String> a) {
        CommandLog log = CommandCodec.read(Path.of(need(a, "input")));
        return LatencyBenchmark.run(log, BookKind.parse(need(a, "impl")),
                Timing.parse(need(a, "timing")), Integer.parseInt(need(a, "rate")),
                Integer.parseInt(need(a, "seconds")), Duration.ofMillis(Long.parseLong(need(a, "deadline_ms"))),
                !"false".equals(a.get("presize")));
    }
}
