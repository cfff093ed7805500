package org.fiberbench.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.fiberbench.measure.ResourceSampler;

/**
 * The server's endpoints, as seed 003's {@code ThreadController}, without Spring: {@code /thread/name},
 * {@code /thread/benchmark?ms=N}, {@code /cpu?iterations=N}, {@code /db} ({@link DbEndpoint}) and {@code /stats}.
 * Thread-safe: counters are {@link LongAdder}s; nothing on a request's path takes a lock (but the
 * database's pool, and {@code /db}'s one lazy open).
 */
final class BenchServlet extends HttpServlet {
    static final long DEFAULT_SLEEP_MS = 1000;
    static final long DEFAULT_CPU_ITERATIONS = 1_000_000;
    static final long MAX_CPU_ITERATIONS = 10_000_000_000L;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final byte[] expectedAuth;
    private final ResourceSampler sampler;
    private final java.util.function.Supplier<Map<String, Object>> workers;
    /** Requests answered, /stats excluded, so a load generator's count can be checked against it. */
    private final LongAdder requests = new LongAdder();
    private final LongAdder ok = new LongAdder();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final DbEndpoint db;

    BenchServlet(ServerOptions options, ResourceSampler sampler, java.util.function.Supplier<Map<String, Object>> workers,
                 DbEndpoint db) {
        this.db = db;
        this.expectedAuth = options.auth() ? ("Basic " + Base64.getEncoder().encodeToString(
                (options.user() + ":" + options.password()).getBytes(StandardCharsets.UTF_8))).getBytes(StandardCharsets.UTF_8)
                : null;
        this.sampler = sampler;
        this.workers = workers;
    }

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String path = req.getRequestURI();
        boolean counted = !path.equals("/stats");
        if (counted) {
            inFlight.incrementAndGet();
        }
        try {
            int status = handle(path, req, resp);
            if (counted && status == 200) {
                ok.increment();
            }
        } finally {
            if (counted) {
                requests.increment();
                inFlight.decrementAndGet();
            }
        }
    }

    private int handle(String path, HttpServletRequest req, HttpServletResponse resp) throws IOException {
        if (expectedAuth != null && !authorized(req.getHeader("Authorization"))) {
            resp.setHeader("WWW-Authenticate", "Basic realm=\"fiberbench\"");
            return text(resp, 401, "401 unauthorized: basic auth required");
        }
        if (!req.getMethod().equals("GET") && !req.getMethod().equals("HEAD")) {
            resp.setHeader("Allow", "GET, HEAD");
            return text(resp, 405, "405 method not allowed: " + req.getMethod());
        }
        try {
            return switch (path) {
                case "/thread/name" -> text(resp, 200, Thread.currentThread().toString());
                case "/thread/benchmark" -> {
                    Thread.sleep(Duration.ofMillis(param(req, "ms", DEFAULT_SLEEP_MS, 0, ServerOptions.MAX_SLEEP_MS)));
                    yield text(resp, 200, Thread.currentThread().toString());
                }
                case "/cpu" -> text(resp, 200, cpu(param(req, "iterations", DEFAULT_CPU_ITERATIONS, 1, MAX_CPU_ITERATIONS))
                        + " " + Thread.currentThread());
                case "/db" -> db.handle(req, resp);
                case "/stats" -> json(resp, stats("true".equals(req.getParameter("timeline"))));
                default -> text(resp, 404, "404 not found: " + path + " (endpoints: /thread/name, /thread/benchmark?ms=N,"
                        + " /cpu?iterations=N, /db?query=point|scan&via=direct|offload, /stats)");
            };
        } catch (BadParameter e) {
            return text(resp, 400, "400 bad request: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return text(resp, 503, "503 interrupted: the server is stopping");
        }
    }

    private boolean authorized(String header) {
        return header != null && MessageDigest.isEqual(expectedAuth, header.getBytes(StandardCharsets.UTF_8));
    }

    static long param(HttpServletRequest req, String name, long defaultValue, long min, long max) throws BadParameter {
        String v = req.getParameter(name);
        if (v == null) {
            return defaultValue;
        }
        try {
            long n = Long.parseLong(v.trim());
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below with the accepted range
        }
        throw new BadParameter(name + "=" + v + " is not accepted; accepted: an integer " + min + ".." + max);
    }

    /** Seed 000's CPU task: a Math.sqrt loop whose result is returned so it cannot be optimised away. */
    static double cpu(long iterations) {
        double sum = 0;
        for (long i = 0; i < iterations; i++) {
            sum += Math.sqrt(i);
        }
        return sum;
    }

    Map<String, Object> stats(boolean withTimeline) {
        Map<String, Object> m = new LinkedHashMap<>();
        long n = requests.sum();
        m.put("requests", n);
        m.put("ok", ok.sum());
        m.put("in_flight", inFlight.get());
        m.put("resources", sampler.snapshot(n, withTimeline));
        m.put("workers", workers.get());
        return m;
    }

    long requests() {
        return requests.sum();
    }

    int inFlight() {
        return inFlight.get();
    }

    static int text(HttpServletResponse resp, int status, String body) throws IOException {
        byte[] b = (body + "\n").getBytes(StandardCharsets.UTF_8);
        resp.setStatus(status);
        resp.setContentType("text/plain;charset=UTF-8");
        resp.setContentLength(b.length);
        resp.getOutputStream().write(b);
        return status;
    }

    private static int json(HttpServletResponse resp, Map<String, Object> body) throws IOException {
        byte[] b = JSON.writeValueAsBytes(body);
        resp.setStatus(200);
        resp.setContentType("application/json");
        resp.setContentLength(b.length);
        resp.getOutputStream().write(b);
        return 200;
    }

    /** A query parameter outside its accepted range: answered with 400. */
    static final class BadParameter extends Exception {
        BadParameter(String message) {
            super(message, null, false, false);
        }
    }
}
