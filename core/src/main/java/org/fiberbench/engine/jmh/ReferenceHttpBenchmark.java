package org.fiberbench.engine.jmh;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.fiberbench.http.JdkClients;
import org.fiberbench.workload.SharedClients;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Clients of the web server experiment's endpoint, by hand with the JDK only (no fiberbench code on
 * the measured path):
 * one operation starts {@code taskCount} virtual threads, each sending one GET to {@code url} with
 * {@code java.net.http.HttpClient} and checking the answer is {@code 200}; a latch counts them down.
 * The client is set up as the {@code http} workload's {@code client=jdk} sets up its own ({@link
 * JdkClients}, so that in a JVM that shares clients, calibrate's interleaved forks, both send through
 * one client, {@link SharedClients}): HTTP/1.1,
 * its keep-alive pool shared by every task, a 10 s connect and request timeout, no redirects, its
 * internal tasks on virtual threads, one immutable request with {@code User-Agent: fiberbench},
 * the body read as a string. A failed or non-200 request fails the operation.
 * Its fiberbench twin is {@code run -e virtual -w http:url=URL,client=jdk -l batch:tasks=1000}, both
 * against the same fiberbench server ({@code fiberbench serve -e virtual --no-auth --port 0}; {@code
 * fiberbench calibrate --workload http} starts one and hands both sides its URL).
 */
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class ReferenceHttpBenchmark {
    static final Duration TIMEOUT = Duration.ofSeconds(10);

    /** An absolute http:// URL without credentials, e.g. fiberbench's server's {@code /thread/name}. */
    @Param("http://127.0.0.1:8080/thread/name")
    public String url;

    @Param("1000")
    public int taskCount;

    private SharedClients.Lease<HttpClient> clientLease;
    private HttpClient client;
    private HttpRequest request;

    @Setup(Level.Trial)
    public void setup() throws IOException, InterruptedException {
        clientLease = JdkClients.lease(TIMEOUT);
        client = clientLease.get();
        request = HttpRequest.newBuilder(URI.create(url)).GET().timeout(TIMEOUT).header("User-Agent", "fiberbench").build();
        int status = send(); // one probe first, as the workload does: a wrong URL fails here, not as a fast score
        if (status != 200) {
            throw new IllegalStateException(url + " answered " + status + "; expected 200");
        }
    }

    @TearDown(Level.Trial)
    public void teardown() {
        if (clientLease != null) {
            clientLease.close();
        }
    }

    @Benchmark
    public int batch() throws InterruptedException {
        CountDownLatch latch = new CountDownLatch(taskCount);
        AtomicInteger failed = new AtomicInteger();
        AtomicReference<String> first = new AtomicReference<>();
        for (int i = 0; i < taskCount; i++) {
            Thread.ofVirtual().start(() -> {
                try {
                    int status = send();
                    if (status != 200) {
                        failed.incrementAndGet();
                        first.compareAndSet(null, "status " + status);
                    }
                } catch (IOException | InterruptedException e) {
                    failed.incrementAndGet();
                    first.compareAndSet(null, e.toString());
                } finally {
                    latch.countDown();
                }
            });
        }
        if (!latch.await(1, TimeUnit.MINUTES) || failed.get() != 0) {
            throw new IllegalStateException(latch.getCount() + " requests unfinished, " + failed.get() + " failed; first: "
                    + first.get());
        }
        return taskCount;
    }

    /** One request, its body read whole; the status code. */
    int send() throws IOException, InterruptedException {
        return client.send(request, HttpResponse.BodyHandlers.ofString()).statusCode();
    }
}
