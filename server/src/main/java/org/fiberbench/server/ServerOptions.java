package org.fiberbench.server;

import java.net.InetAddress;
import java.time.Duration;
import java.util.Objects;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.executor.InlineExecutorSpec;
import org.fiberbench.executor.ProcessExecutorSpec;
import org.fiberbench.spec.SpecException;

/**
 * What {@code fiberbench serve} was asked for, validated.
 *
 * @param executor runs every request's work (the endpoints; authentication runs before it)
 * @param bind     the address to listen on, resolved to its IP literal; loopback unless the user says otherwise
 * @param port     0 picks a free port
 * @param user     basic-auth user, or null when authentication is off
 * @param password basic-auth password, or null when authentication is off
 * @param grace    how long accepted requests may take to finish at shutdown
 * @param maxQueue requests that may wait for the executor; one more is answered 503 at once
 * @param maxMs    longest sleep {@code /thread/benchmark?ms=N} accepts
 */
public record ServerOptions(ExecutorSpec executor, String bind, int port, String user, String password,
                            Duration grace, int maxQueue, long maxMs) {

    /** The seed's credentials ({@code curl -u hello:world}): published, so only ever used on loopback. */
    public static final String DEFAULT_USER = "hello";
    public static final String DEFAULT_PASSWORD = "world";
    public static final String DEFAULT_BIND = "127.0.0.1";
    public static final int DEFAULT_PORT = 8080;
    public static final Duration DEFAULT_GRACE = Duration.ofSeconds(10);
    /**
     * Enough for seed 003's heaviest case, 1000 users on 200 platform threads (800 waiting), while a
     * server far past its capacity answers 503 rather than holding a connection per waiting client.
     */
    public static final int DEFAULT_MAX_QUEUE = 1000;
    public static final int MAX_MAX_QUEUE = 1_000_000;
    /** A minute: far above the seed's 1 s endpoint, short enough that a forgotten request frees its thread. */
    public static final long DEFAULT_MAX_MS = 60_000;
    public static final long MAX_MAX_MS = 3_600_000;

    public ServerOptions {
        Objects.requireNonNull(executor);
        Objects.requireNonNull(bind);
        Objects.requireNonNull(grace);
        if (port < 0 || port > 65535) {
            throw new SpecException("--port " + port + " is out of range; accepted: 0..65535 (0 = any free port)");
        }
        if ((user == null) != (password == null)) {
            throw new SpecException("--user and --password go together (or --no-auth for none)");
        }
        if (user != null && (user.isEmpty() || user.contains(":"))) {
            throw new SpecException("--user '" + user + "' is not accepted; accepted: a non-empty name without ':'");
        }
        if (password != null && password.isEmpty()) {
            throw new SpecException("the password is empty; accepted: a non-empty password (or --no-auth for none)");
        }
        if (grace.isNegative()) {
            throw new SpecException("--grace " + grace + " must be >= 0");
        }
        if (maxQueue < 1 || maxQueue > MAX_MAX_QUEUE) {
            throw new SpecException("--max-queue " + maxQueue + " is out of range; accepted: 1.." + MAX_MAX_QUEUE);
        }
        if (maxMs < 0 || maxMs > MAX_MAX_MS) {
            throw new SpecException("--max-ms " + maxMs + " is out of range; accepted: 0.." + MAX_MAX_MS);
        }
        if (executor instanceof ProcessExecutorSpec || executor instanceof InlineExecutorSpec) {
            throw new SpecException("executor '" + executor.canonical()
                    + "' cannot run a server's requests; accepted: virtual, virtual-pool, platform, forkjoin");
        }
        InetAddress a = BindAddress.resolve(bind);
        bind = a.getHostAddress();
        if (!BindAddress.isLoopback(a)) {
            refuseOpenCredentials(a, user, password);
        }
    }

    /** Seed-compatible options with the default queue cap and sleep cap. */
    public ServerOptions(ExecutorSpec executor, String bind, int port, String user, String password, Duration grace) {
        this(executor, bind, port, user, password, grace, DEFAULT_MAX_QUEUE, DEFAULT_MAX_MS);
    }

    private static void refuseOpenCredentials(InetAddress a, String user, String password) {
        String where = "--bind " + a.getHostAddress() + " is reachable from other machines";
        if (user == null) {
            throw new SpecException(where + " and --no-auth would let anyone run work here; accepted off loopback:"
                    + " your own --user with --password-file or --password-env");
        }
        if (DEFAULT_PASSWORD.equals(password)) {
            throw new SpecException(where + " and the password is the published default; accepted off loopback:"
                    + " your own password via --password-file or --password-env");
        }
    }

    /** Loopback, default credentials, an ephemeral port: what tests and the suite use. */
    public static ServerOptions local(ExecutorSpec executor) {
        return new ServerOptions(executor, DEFAULT_BIND, 0, DEFAULT_USER, DEFAULT_PASSWORD, DEFAULT_GRACE);
    }

    public ServerOptions withoutAuth() {
        return new ServerOptions(executor, bind, port, null, null, grace, maxQueue, maxMs);
    }

    public ServerOptions withLimits(int queue, long ms) {
        return new ServerOptions(executor, bind, port, user, password, grace, queue, ms);
    }

    public boolean auth() {
        return user != null;
    }

    InetAddress address() {
        return BindAddress.resolve(bind);
    }

    /** The warning to print before serving, or null on loopback, where only this machine can connect. */
    public String exposure() {
        InetAddress a = address();
        if (BindAddress.isLoopback(a)) {
            return null;
        }
        return "warning: listening on " + (a.isAnyLocalAddress() ? "every interface (" + bind + ")" : bind)
                + ": anyone who can reach this port can make this machine sleep, burn CPU and query /db;"
                + " basic auth over plain HTTP sends the password readable by anyone on the path";
    }
}
