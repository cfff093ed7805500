package org.fiberbench.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.AsyncContext;
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
import java.util.function.Supplier;
import org.fiberbench.executor.WorkerFigures;
import org.fiberbench.measure.ResourceSampler;

/**
 * The server's endpoints, as seed 003's {@code ThreadController}, without Spring: {@code /thread/name},
 * {@code /thread/benchmark?ms=N}, {@code /cpu?iterations=N}, {@code /db} ({@link DbEndpoint}) and {@code /stats}.
 * Authentication, the method, the path and the parameters are checked on Tomcat's own threads, so a
 * 401 or a 400 never waits behind the executor; only the endpoints' work goes to the
 * {@link RequestQueue}. {@code /stats} is answered at once too, so a saturated server can still be watched.
 * Thread-safe: counters are {@link LongAdder}s; nothing on a request's path takes a lock (but the
 * database's pool, and {@code /db}'s one lazy open).
 */
final class BenchServlet extends HttpServlet {
    static final long DEFAULT_SLEEP_MS = 1000;
    static final long DEFAULT_CPU_ITERATIONS = 1_000_000;
    static final long MAX_CPU_ITERATIONS = 10_000_000_000L;
    /** A long sleep checks its client this often, so one that left stops holding a thread within a second. */
    static final long SLEEP_SLICE_MS = 1000;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final byte[] expectedAuth;
    private final long maxMs;
    private final ResourceSampler sampler;
    private final Supplier<WorkerFigures> workers;
    private final RequestQueue queue;
    /** Requests answered, /stats excluded, so a load generator's count can be checked against it. */
    private final LongAdder requests = new LongAdder();
    private final LongAdder ok = new LongAdder();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final DbEndpoint db;

    BenchServlet(ServerOptions options, ResourceSampler sampler, RequestQueue queue, DbEndpoint db) {
        this.db = db;
        this.expectedAuth = options.auth() ? ("Basic " + Base64.getEncoder().encodeToString(
                (options.user() + ":" + options.password()).getBytes(StandardCharsets.UTF_8))).getBytes(StandardCharsets.UTF_8)
                : null;
        this.maxMs = options.maxMs();
        this.sampler = sampler;
        this.queue = queue;
        this.workers = () -> queue.tasks().workerStats().section();
    }

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String path = req.getRequestURI();
        Reply refusal = refusal(path, req, resp);
        if (refusal == null && path.equals("/stats")) {
            json(resp, stats("true".equals(req.getParameter("timeline"))));
            return;
        }
        inFlight.incrementAndGet();
        RequestQueue.Work work = null;
        if (refusal == null) {
            try {
                work = work(path, req);
            } catch (BadParameter e) {
                refusal = new Reply(400, "400 bad request: " + e.getMessage());
            }
        }
        if (refusal != null) {
            try {
                refusal.write(resp);
            } finally {
                answered(refusal.status());
            }
            return;
        }
        AsyncContext async = req.startAsync();
        async.setTimeout(0); // the queue cap, --max-ms and the grace bound a request, not a timer
        queue.offer(async, req.getInputStream(), work, this::answered);
    }

    /** 401, 405 or 404, or null when the request may go on. */
    private Reply refusal(String path, HttpServletRequest req, HttpServletResponse resp) {
        if (expectedAuth != null && !authorized(req.getHeader("Authorization"))) {
            resp.setHeader("WWW-Authenticate", "Basic realm=\"fiberbench\"");
            return new Reply(401, "401 unauthorized: basic auth required");
        }
        if (!req.getMethod().equals("GET") && !req.getMethod().equals("HEAD")) {
            resp.setHeader("Allow", "GET, HEAD");
            return new Reply(405, "405 method not allowed: " + req.getMethod());
        }
        return switch (path) {
            case "/thread/name", "/thread/benchmark", "/cpu", "/db", "/stats" -> null;
            default -> new Reply(404, "404 not found: " + path + " (endpoints: /thread/name, /thread/benchmark?ms=N,"
                    + " /cpu?iterations=N, /db?query=point|scan&via=direct|offload, /stats)");
        };
    }

    /** The endpoint's work, its parameters checked here, before it waits for the executor. */
    private RequestQueue.Work work(String path, HttpServletRequest req) throws BadParameter {
        return switch (path) {
            case "/thread/benchmark" -> {
                long ms;
                try {
                    ms = param(req, "ms", DEFAULT_SLEEP_MS, 0, maxMs);
                } catch (BadParameter e) {
                    throw new BadParameter(e.getMessage() + " (this server's cap: serve --max-ms)");
                }
                yield job -> sleep(job, ms);
            }
            case "/cpu" -> {
                long n = param(req, "iterations", DEFAULT_CPU_ITERATIONS, 1, MAX_CPU_ITERATIONS);
                yield job -> new Reply(200, cpu(n) + " " + Thread.currentThread());
            }
            case "/db" -> db.work(req.getParameter("query"), req.getParameter("via"));
            default -> job -> new Reply(200, Thread.currentThread().toString());
        };
    }

    /** Seed 003's blocking call, in slices of a second when longer, so a client that left frees the thread. */
    private static Reply sleep(RequestQueue.Job job, long ms) throws InterruptedException {
        long end = System.nanoTime() + ms * 1_000_000;
        for (long left = end - System.nanoTime(); left > 0; left = end - System.nanoTime()) {
            Thread.sleep(Duration.ofNanos(Math.min(left, SLEEP_SLICE_MS * 1_000_000)));
            if (end - System.nanoTime() > 0 && job.clientLeft()) {
                return Reply.CLIENT_LEFT;
            }
        }
        return new Reply(200, Thread.currentThread().toString());
    }

    private void answered(int status) {
        requests.increment();
        if (status == 200) {
            ok.increment();
        }
        inFlight.decrementAndGet();
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
        m.put("queue", queue.stats());
        m.put("resources", sampler.snapshot(n, withTimeline));
        m.put("workers", workers.get());
        return m;
    }

    long requests() {
        return requests.sum();
    }

    long ok() {
        return ok.sum();
    }

    private static void json(HttpServletResponse resp, Map<String, Object> body) throws IOException {
        byte[] b = JSON.writeValueAsBytes(body);
        resp.setStatus(200);
        resp.setContentType("application/json");
        resp.setContentLength(b.length);
        resp.getOutputStream().write(b);
    }

    /** A query parameter outside its accepted range: answered with 400. */
    static final class BadParameter extends Exception {
        BadParameter(String message) {
            super(message, null, false, false);
        }
    }
}
