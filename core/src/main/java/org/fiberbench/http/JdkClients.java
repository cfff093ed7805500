package org.fiberbench.http;

import java.net.http.HttpClient;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.fiberbench.workload.SharedClients;

/**
 * The JDK {@link HttpClient} as {@code client=jdk} sends with it: HTTP/1.1 and its keep-alive pool,
 * {@code connectTimeout}, no redirects, its internal tasks on virtual threads. Leased through
 * {@link SharedClients}, so the HTTP reference benchmark, which sets its client up the same way here,
 * and the http workload send through one client in a JVM that shares clients (calibrate's
 * interleaved forks), and each through its own anywhere else.
 */
public final class JdkClients {
    private JdkClients() {
    }

    /** A client with this connect timeout: the JVM's one while clients are shared, else one of its own. */
    public static SharedClients.Lease<HttpClient> lease(Duration connectTimeout) {
        return SharedClients.lease(new Key(connectTimeout), "JDK HttpClient", () -> make(connectTimeout), JdkClients::close);
    }

    private static HttpClient make(Duration connectTimeout) {
        ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(connectTimeout)
                .followRedirects(HttpClient.Redirect.NEVER).executor(executor).build();
    }

    private static void close(HttpClient client) {
        client.shutdownNow();
        client.executor().ifPresent(e -> ((ExecutorService) e).shutdownNow());
    }

    private record Key(Duration connectTimeout) {
    }
}
