package org.fiberbench.samples;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import org.fiberbench.api.ParameterException;
import org.fiberbench.api.Parameters;
import org.fiberbench.api.Workload;

/**
 * A blocking task on a real resource: each task makes an HTTP GET to a server and waits for the
 * answer. It shows where virtual threads pay off: the task holds its thread while it waits, so a
 * pool of 16 platform threads caps the requests in flight at 16, while a virtual thread per task
 * waits without holding a carrier. Start a server that answers after 20 ms, then run:
 *
 * <pre>
 * ./fiberbench serve -e virtual --port 18080 --no-auth &amp;
 * ./fiberbench run -e virtual -e platform:fixed=16 -e process:workers=2 \
 *     -w class:name=org.fiberbench.samples.HttpCall,jar=samples/target/fiberbench-samples.jar,url=http://127.0.0.1:18080/thread/benchmark?ms=20 \
 *     -l batch:tasks=1000
 * </pre>
 * Expect virtual well ahead of the fixed pool (about 1000 × 20 ms / 16 for the pool), and the two
 * worker processes, one task at a time each, far behind. Parameters: {@code url} (required; an
 * http URL), {@code user} and {@code password} for basic auth (the password is masked in every
 * output), {@code timeout} (default 10s). A status other than 200 fails the task.
 */
public class HttpCall implements Workload {
    private HttpClient client;
    private HttpRequest request;

    @Override
    public void check(Parameters parameters) {
        request(parameters);
    }

    private static HttpRequest request(Parameters parameters) {
        String url = parameters.string("url");
        URI uri;
        try {
            uri = URI.create(url);
        } catch (IllegalArgumentException e) {
            throw new ParameterException("parameter url=" + url + " is not a URL; accepted: http://HOST:PORT/PATH");
        }
        if (!"http".equals(uri.getScheme()) || uri.getHost() == null) {
            throw new ParameterException("parameter url=" + url + " is not an http URL; accepted: http://HOST:PORT/PATH");
        }
        HttpRequest.Builder b = HttpRequest.newBuilder(uri).timeout(parameters.duration("timeout", Duration.ofSeconds(10)));
        if (parameters.has("user")) {
            String credentials = parameters.string("user") + ":" + parameters.string("password", "");
            b.header("Authorization", "Basic " + Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8)));
        }
        return b.GET().build();
    }

    @Override
    public void setUp(Parameters parameters) {
        request = request(parameters);
        // one client for every task: it keeps a pool of connections, and it is thread-safe
        client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    }

    @Override
    public Object run() throws Exception {
        HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IllegalStateException("GET " + request.uri() + " answered " + response.statusCode());
        }
        return response.body();
    }

    @Override
    public void tearDown() {
        if (client != null) {
            client.close();
        }
    }
}
