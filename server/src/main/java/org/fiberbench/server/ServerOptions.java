package org.fiberbench.server;

import java.time.Duration;
import java.util.Objects;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.spec.SpecException;

/**
 * What {@code fiberbench serve} was asked for, validated.
 *
 * @param executor runs every request (Tomcat's connector executor)
 * @param bind     the address to listen on; loopback unless the user says otherwise
 * @param port     0 picks a free port
 * @param user     basic-auth user, or null when authentication is off
 * @param password basic-auth password, or null when authentication is off
 * @param grace    how long in-flight requests may take to finish at shutdown
 */
public record ServerOptions(ExecutorSpec executor, String bind, int port, String user, String password,
                            Duration grace) {

    /** The seed's credentials ({@code curl -u hello:world}). */
    public static final String DEFAULT_USER = "hello";
    public static final String DEFAULT_PASSWORD = "world";
    public static final String DEFAULT_BIND = "127.0.0.1";
    public static final int DEFAULT_PORT = 8080;
    public static final Duration DEFAULT_GRACE = Duration.ofSeconds(10);
    /** Longest sleep {@code /thread/benchmark} accepts. */
    static final long MAX_SLEEP_MS = 600_000;

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
        if (grace.isNegative()) {
            throw new SpecException("--grace " + grace + " must be >= 0");
        }
        if (executor.kind() == org.fiberbench.executor.ExecutorKind.PROCESS
                || executor.kind() == org.fiberbench.executor.ExecutorKind.INLINE) {
            throw new SpecException("executor '" + executor.canonical()
                    + "' cannot run a server's requests; accepted: virtual, virtual-pool, platform, forkjoin");
        }
    }

    /** Loopback, default credentials, an ephemeral port: what tests and the suite use. */
    public static ServerOptions local(ExecutorSpec executor) {
        return new ServerOptions(executor, DEFAULT_BIND, 0, DEFAULT_USER, DEFAULT_PASSWORD, DEFAULT_GRACE);
    }

    public ServerOptions withoutAuth() {
        return new ServerOptions(executor, bind, port, null, null, grace);
    }

    public boolean auth() {
        return user != null;
    }
}
