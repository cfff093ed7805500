package org.fiberbench.server;

import com.sun.management.UnixOperatingSystemMXBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.BindException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.apache.coyote.http11.AbstractHttp11Protocol;
import org.fiberbench.db.ServedDatabase;
import org.fiberbench.executor.TaskExecutor;
import org.fiberbench.measure.ResourceSampler;
import org.fiberbench.spec.SpecException;

/**
 * fiberbench's HTTP server: an embedded Tomcat (the server Spring Boot embeds) whose endpoints
 * run on the executor the spec names, behind a capped {@link RequestQueue}. {@link #start} returns
 * once it listens; {@link #stop} stops accepting, lets running requests finish within the grace
 * period, answers the rest 503, then releases everything. Thread-safe.
 */
public final class BenchServer implements AutoCloseable {
    /** Far above 1000 users: connections are never what limits the server in a benchmark. */
    static final int MAX_CONNECTIONS = 20_000;
    static final int ACCEPT_COUNT = 4096;
    /** Descriptors kept for the JVM, the database pool and the run's files. */
    static final int RESERVED_DESCRIPTORS = 256;
    /** How long a request still running when the grace ran out has to answer 503 after its interrupt. */
    static final Duration INTERRUPT_WAIT = Duration.ofMillis(400);
    /** How long stop() waits for Tomcat to close; the rest goes on in the background. */
    static final Duration RELEASE_WAIT = Duration.ofMillis(300);
    /** Tomcat's own loggers, kept strongly so the level set here sticks. */
    private static final Logger TOMCAT_LOG = Logger.getLogger("org.apache");

    private final ServerOptions options;
    private final Tomcat tomcat;
    private final Connector connector;
    private final RequestQueue queue;
    private final ResourceSampler sampler;
    private final BenchServlet servlet;
    private final DbEndpoint db;
    private final Path baseDir;
    private final CountDownLatch stopped = new CountDownLatch(1);
    private volatile boolean stopping;

    private BenchServer(ServerOptions options, Path baseDir, DbEndpoint db) {
        this.options = options;
        this.baseDir = baseDir;
        this.db = db;
        TaskExecutor tasks = options.executor().create();
        this.queue = new RequestQueue(tasks, options.maxQueue());
        this.sampler = ResourceSampler.start(ResourceSampler.DEFAULT_INTERVAL_MS);
        this.servlet = new BenchServlet(options, sampler, queue, db);
        this.tomcat = new Tomcat();
        tomcat.setBaseDir(baseDir.toString());
        this.connector = connector(options);
        tomcat.getService().addConnector(connector);
        tomcat.setConnector(connector);
        Context ctx = tomcat.addContext("", null);
        Tomcat.addServlet(ctx, "fiberbench", servlet).setAsyncSupported(true);
        ctx.addServletMappingDecoded("/", "fiberbench");
    }

    /** Starts listening; a port in use is a {@link SpecException} naming it. {@code /db} opens the embedded H2 on first use. */
    public static BenchServer start(ServerOptions options) {
        return start(options, null);
    }

    /**
     * As {@link #start(ServerOptions)}, with {@code /db} served from {@code database} (null: the
     * embedded default, opened on first use). The server owns it from here: it is closed when the
     * server stops, or at once when the server fails to start.
     */
    public static BenchServer start(ServerOptions options, ServedDatabase database) {
        DbEndpoint db = new DbEndpoint(database);
        if (!Boolean.getBoolean("fiberbench.server.log")) {
            TOMCAT_LOG.setLevel(Level.OFF);
        }
        Path base;
        try {
            base = Files.createTempDirectory("fiberbench-tomcat-");
        } catch (IOException e) {
            db.close();
            throw new java.io.UncheckedIOException("cannot create Tomcat's work directory", e);
        }
        BenchServer s = new BenchServer(options, base, db);
        try {
            s.tomcat.start();
        } catch (LifecycleException e) {
            s.release();
            s.stopped.countDown();
            if (causedBy(e, BindException.class)) {
                throw new SpecException("cannot listen on " + options.bind() + ":" + options.port()
                        + ": the port is in use (or the address is not local); accepted: a free port, or --port 0");
            }
            throw new IllegalStateException("the server did not start: " + e.getMessage(), e);
        }
        return s;
    }

    private static Connector connector(ServerOptions o) {
        Connector c = new Connector("HTTP/1.1");
        c.setPort(o.port());
        c.setThrowOnFailure(true);
        AbstractHttp11Protocol<?> p = (AbstractHttp11Protocol<?>) c.getProtocolHandler();
        // the resolved address itself: given as text, an unresolvable name would make Tomcat listen everywhere
        p.setAddress(o.address());
        // Tomcat reads, authenticates and validates requests on virtual threads of its own: cheap,
        // never short of a thread, and apart from the executor under test, which only runs the endpoints
        c.setProperty("useVirtualThreads", "true");
        p.setMaxConnections(maxConnections());
        p.setAcceptCount(ACCEPT_COUNT);
        // keep-alive connections stay open for the whole run, as a load generator expects
        p.setMaxKeepAliveRequests(-1);
        p.setConnectionTimeout(60_000);
        return c;
    }

    /** Below the process's descriptor limit, so a flood of clients waits in the backlog instead of failing accept(). */
    static int maxConnections() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof UnixOperatingSystemMXBean os) {
            long room = os.getMaxFileDescriptorCount() - RESERVED_DESCRIPTORS;
            return (int) Math.max(64, Math.min(MAX_CONNECTIONS, room));
        }
        return MAX_CONNECTIONS;
    }

    private static boolean causedBy(Throwable t, Class<? extends Throwable> type) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (type.isInstance(c)) {
                return true;
            }
        }
        return false;
    }

    public int port() {
        return connector.getLocalPort();
    }

    /** {@code http://127.0.0.1:8080/} */
    public String url() {
        return "http://" + BindAddress.forUrl(options.address()) + ":" + port() + "/";
    }

    public ServerOptions options() {
        return options;
    }

    /** Requests answered so far ({@code /stats} excluded). */
    public long requests() {
        return servlet.requests();
    }

    /** What {@code /stats} returns. */
    public Map<String, Object> stats(boolean withTimeline) {
        return servlet.stats(withTimeline);
    }

    /**
     * Graceful stop: no new connections or requests, requests waiting for the executor are answered
     * 503 at once, running ones get up to {@code grace} to finish and are then interrupted (a sleep
     * answers 503), then Tomcat and the executor are released. Returns within {@code grace} plus
     * about 0.7 s, whatever the requests do; the count of requests still unanswered then (0 when all
     * were). Idempotent.
     */
    public synchronized int stop(Duration grace) {
        if (stopping) {
            return 0;
        }
        stopping = true;
        connector.pause();
        connector.getProtocolHandler().closeServerSocketGraceful();
        queue.close();
        long deadline = System.nanoTime() + grace.toNanos();
        awaitIdle(deadline);
        queue.close(); // anything admitted while the first call ran
        if (queue.active() > 0) {
            queue.interruptRunning();
            awaitIdle(System.nanoTime() + INTERRUPT_WAIT.toNanos());
        }
        int left = queue.active();
        Thread release = Thread.ofPlatform().daemon().name("fiberbench-server-release").start(this::release);
        try {
            release.join(RELEASE_WAIT);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        stopped.countDown();
        return left;
    }

    private void awaitIdle(long deadline) {
        while (queue.active() > 0 && System.nanoTime() < deadline) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** One line on what the server did: for serve's closing message. */
    public String summary() {
        Map<String, Object> q = queue.stats();
        return servlet.requests() + " requests answered (" + servlet.ok() + " ok): "
                + q.get("served") + " served on the executor, " + q.get("rejected_queue_full")
                + " answered 503 with the queue full (--max-queue " + options.maxQueue() + "), " + q.get("cancelled_client_left") + " cancelled as their client had left, "
                + q.get("answered_503_stopping") + " answered 503 at shutdown";
    }

    private void release() {
        try {
            tomcat.stop();
            tomcat.destroy();
        } catch (LifecycleException e) {
            // stopping a half-started Tomcat: nothing more to release
        }
        sampler.stop(0);
        db.close();
        // the executor waits for its tasks; requests past the grace period must not hold the caller
        Thread.ofPlatform().daemon().name("fiberbench-server-close").start(() -> queue.tasks().close());
        deleteQuietly(baseDir);
    }

    /** Blocks until {@link #stop} has finished. */
    public void awaitStop() throws InterruptedException {
        stopped.await();
    }

    @Override
    public void close() {
        stop(Duration.ZERO);
    }

    private static void deleteQuietly(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary directory left behind is harmless
        }
    }
}
