package org.fiberbench.server;

import java.io.IOException;
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
 * fiberbench's HTTP server: an embedded Tomcat (the server Spring Boot embeds) whose connector
 * runs every request on the executor the spec names. {@link #start} returns once it listens;
 * {@link #stop} stops accepting, lets in-flight requests finish within the grace period, then
 * releases everything. Thread-safe.
 */
public final class BenchServer implements AutoCloseable {
    /** Far above 1000 users: connections are never what limits the server in a benchmark. */
    static final int MAX_CONNECTIONS = 20_000;
    static final int ACCEPT_COUNT = 4096;
    /** Tomcat's own loggers, kept strongly so the level set here sticks. */
    private static final Logger TOMCAT_LOG = Logger.getLogger("org.apache");

    private final ServerOptions options;
    private final Tomcat tomcat;
    private final Connector connector;
    private final ExecutorAdapter executor;
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
        this.executor = new ExecutorAdapter(tasks);
        this.sampler = ResourceSampler.start(ResourceSampler.DEFAULT_INTERVAL_MS);
        this.servlet = new BenchServlet(options, sampler, this::workers, db);
        this.tomcat = new Tomcat();
        tomcat.setBaseDir(baseDir.toString());
        this.connector = connector(options, executor);
        tomcat.getService().addConnector(connector);
        tomcat.setConnector(connector);
        Context ctx = tomcat.addContext("", null);
        Tomcat.addServlet(ctx, "fiberbench", servlet);
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
            if (causedBy(e, BindException.class)) {
                throw new SpecException("cannot listen on " + options.bind() + ":" + options.port()
                        + ": the port is in use (or the address is not local); accepted: a free port, or --port 0");
            }
            throw new IllegalStateException("the server did not start: " + e.getMessage(), e);
        }
        return s;
    }

    private static Connector connector(ServerOptions o, ExecutorAdapter executor) {
        Connector c = new Connector("HTTP/1.1");
        c.setPort(o.port());
        c.setProperty("address", o.bind());
        c.setThrowOnFailure(true);
        AbstractHttp11Protocol<?> p = (AbstractHttp11Protocol<?>) c.getProtocolHandler();
        p.setExecutor(executor);
        p.setMaxConnections(MAX_CONNECTIONS);
        p.setAcceptCount(ACCEPT_COUNT);
        // keep-alive connections stay open for the whole run, as a load generator expects
        p.setMaxKeepAliveRequests(-1);
        p.setConnectionTimeout(60_000);
        return c;
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
        String host = options.bind().contains(":") ? "[" + options.bind() + "]" : options.bind();
        return "http://" + host + ":" + port() + "/";
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

    private Map<String, Object> workers() {
        return executor.tasks().workerStats().section();
    }

    /**
     * Graceful stop: no new connections or requests, in-flight requests get up to {@code grace}
     * to finish, then Tomcat and the executor are released. Returns the requests still in flight
     * when the grace period ran out (0 when all finished). Idempotent.
     */
    public synchronized int stop(Duration grace) {
        if (stopping) {
            return 0;
        }
        stopping = true;
        connector.pause();
        connector.getProtocolHandler().closeServerSocketGraceful();
        long deadline = System.nanoTime() + grace.toNanos();
        while (servlet.inFlight() > 0 && System.nanoTime() < deadline) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        int left = servlet.inFlight();
        release();
        return left;
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
        Thread.ofPlatform().daemon().name("fiberbench-server-close").start(() -> executor.tasks().close());
        deleteQuietly(baseDir);
        stopped.countDown();
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
