package org.fiberbench.http;

import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import org.fiberbench.workload.SharedClients;

/**
 * Requests through the JDK's {@link HttpClient} (HTTP/1.1, its own keep-alive pool), called
 * synchronously from the generator's virtual threads. One immutable request is reused. The client is
 * leased ({@link JdkClients}): this sender's own, except in a JVM that shares clients.
 */
final class JdkHttpSender implements HttpSender {
    private final HttpTarget target;
    private final SharedClients.Lease<HttpClient> lease;
    private final HttpClient client;
    private final HttpRequest request;

    JdkHttpSender(HttpTarget target) {
        this.target = target;
        this.lease = JdkClients.lease(target.timeout());
        this.client = lease.get();
        HttpRequest.Builder b = HttpRequest.newBuilder(target.uri()).GET().timeout(target.timeout())
                .header("User-Agent", "fiberbench");
        if (target.authorization() != null) {
            b.header("Authorization", target.authorization());
        }
        this.request = b.build();
    }

    @Override
    public Response send() throws InterruptedException {
        try {
            HttpResponse<String> r = client.send(request, HttpResponse.BodyHandlers.ofString());
            return HttpSender.check(target, r.statusCode(), r.body());
        } catch (HttpConnectTimeoutException | ConnectException e) {
            return Response.failed("connect", String.valueOf(e.getMessage()));
        } catch (HttpTimeoutException e) {
            return Response.failed("timeout", String.valueOf(e.getMessage()));
        } catch (IOException e) {
            // the client wraps a refused connection in a plain IOException on some paths
            return e.getCause() instanceof ConnectException
                    ? Response.failed("connect", String.valueOf(e.getCause().getMessage()))
                    : Response.failed("io", e.toString());
        }
    }

    @Override
    public int openConnections() {
        return -1;
    }

    @Override
    public void close() {
        lease.close();
    }
}
