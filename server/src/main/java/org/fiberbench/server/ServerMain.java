package org.fiberbench.server;

import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.spec.Numbers;
import org.fiberbench.spec.SpecException;
import sun.misc.Signal;

/**
 * Runs a {@link BenchServer} until SIGINT or SIGTERM, then stops it gracefully and exits 0. The
 * {@code serve} command and the {@code server} suite's forked JVM both end up here; the forked JVM
 * starts this class directly: {@code ServerMain EXECUTOR [PORT [GRACE]]} (port 0 = free port),
 * with the default credentials.
 */
public final class ServerMain {
    /** The line a parent waits for: {@code fiberbench: serving http://127.0.0.1:PORT/ ...}. */
    public static final String READY_PREFIX = "fiberbench: serving ";

    private ServerMain() {
    }

    public static void main(String[] args) {
        try {
            ExecutorSpec executor = ExecutorSpec.parse(args[0]);
            int port = args.length > 1 ? (int) Numbers.parseLong("port", args[1], 0, 65535) : 0;
            Duration grace = args.length > 2 ? Numbers.parseDuration("grace", args[2]) : ServerOptions.DEFAULT_GRACE;
            ServerOptions o = new ServerOptions(executor, ServerOptions.DEFAULT_BIND, port, ServerOptions.DEFAULT_USER,
                    ServerOptions.DEFAULT_PASSWORD, grace);
            serveUntilSignalled(BenchServer.start(o), System.out);
        } catch (SpecException | ArrayIndexOutOfBoundsException e) {
            System.err.println("fiberbench server: " + e.getMessage());
            System.exit(2);
        } catch (InterruptedException e) {
            System.exit(1);
        }
    }

    /**
     * Prints the exposure warning (stderr) and the URL, then blocks until a signal has stopped the
     * server and printed what it did; the JVM exits 0.
     */
    public static void serveUntilSignalled(BenchServer server, PrintStream out) throws InterruptedException {
        AtomicBoolean once = new AtomicBoolean();
        ServerOptions o = server.options();
        Runnable stop = () -> {
            if (once.compareAndSet(false, true)) {
                int left = server.stop(o.grace());
                if (left > 0) {
                    System.err.println("fiberbench: " + left + " requests still unanswered after the grace period "
                            + Numbers.formatDuration(o.grace()) + " and their interrupt; closed");
                }
                out.println("fiberbench: stopped; " + server.summary());
                out.flush();
                System.exit(0);
            }
        };
        // signal handlers rather than a shutdown hook: a hook cannot change the exit status (143 on SIGTERM)
        for (String sig : new String[] {"INT", "TERM"}) {
            Signal.handle(new Signal(sig), s -> Thread.ofPlatform().name("fiberbench-server-stop").start(stop));
        }
        String exposure = o.exposure();
        if (exposure != null) {
            System.err.println("fiberbench: " + exposure);
        }
        out.println(READY_PREFIX + server.url() + " on executor " + o.executor().canonical()
                + (o.auth() ? " (basic auth: user '" + o.user() + "')" : " (no auth)")
                + ", at most " + o.maxQueue() + " requests waiting, sleeps up to " + o.maxMs() + " ms; Ctrl-C stops it");
        out.flush();
        server.awaitStop();
        // the stop thread calls System.exit(0); wait for it rather than racing it with our own exit
        Thread.sleep(Long.MAX_VALUE);
    }
}
