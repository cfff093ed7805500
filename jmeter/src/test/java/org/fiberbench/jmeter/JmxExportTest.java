package org.fiberbench.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.save.SaveService;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jmeter.threads.ThreadGroup;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.SearchByClass;
import org.fiberbench.http.HttpTarget;
import org.fiberbench.http.LoadOptions;
import org.fiberbench.load.LoadSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An exported {@code .jmx} holds no password, loads back with JMeter's own SaveService and runs on a
 * plain StandardJMeterEngine against a real HTTP server that checks basic auth: the password reaches
 * the plan as the JMeter property it refers to.
 */
class JmxExportTest {
    @TempDir
    Path tmp;

    @Test
    void exportedPlanHoldsNoPasswordLoadsBackAndRunsWithThePasswordAsAProperty() throws Exception {
        String secret = "s3cret-" + System.nanoTime();
        AtomicInteger authorised = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        HttpServer server = server("Basic " + Base64.getEncoder().encodeToString(("bench:" + secret).getBytes(StandardCharsets.UTF_8)),
                authorised, refused);
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/hello?x=1";
            Path jmx = tmp.resolve("plan.jmx");
            String note = JmxExport.write(options(url, "closed:users=2,duration=2s", secret), jmx);
            String text = Files.readString(jmx);
            assertFalse(text.contains(secret), "the password never lands in the file");
            assertTrue(text.contains("${__P(fiberbench.password)}") && note.contains("fiberbench.password"), note);

            HashTree tree = SaveService.loadTree(jmx.toFile());
            AtomicInteger ok = new AtomicInteger();
            AtomicInteger failed = new AtomicInteger();
            java.util.concurrent.atomic.AtomicReference<String> firstFailure = new java.util.concurrent.atomic.AtomicReference<>();
            tree.add(tree.getArray()[0], SampleForwarder.to("export-test", new SampleForwarder.Sink() {
                @Override
                public void sample(SampleEvent e) {
                    (e.getResult().isSuccessful() ? ok : failed).incrementAndGet();
                    if (!e.getResult().isSuccessful()) {
                        firstFailure.compareAndSet(null, e.getResult().getResponseCode() + " " + e.getResult().getResponseMessage());
                    }
                }

                @Override
                public void ended() {
                }
            }));
            JMeterUtils.setProperty(PlanBuilder.PASSWORD_PROPERTY, secret);
            StandardJMeterEngine engine = new StandardJMeterEngine();
            engine.configure(tree);
            engine.run();
            assertTrue(ok.get() > 0, "2 users for 2 s on a 20 ms endpoint: " + ok + " ok, " + failed + " failed, first " + firstFailure
                    + ", server refused " + refused);
            assertEquals(0, failed.get());
            assertEquals(0, refused.get(), "every request carried the password from the property");
            assertEquals(ok.get(), authorised.get());
        } finally {
            server.stop(0);
            JMeterUtils.getJMeterProperties().remove(PlanBuilder.PASSWORD_PROPERTY);
        }
    }

    @Test
    void aClosedLoadsRampIsTheThreadGroupsRampUp() throws Exception {
        assertEquals(List.of(3), rampUps("closed:users=4,duration=10s,ramp=3s"));
        assertEquals(List.of(0), rampUps("closed:users=4,duration=10s"));
        // whole seconds for JMeter: rounded, and a ramp asked is never dropped
        assertEquals(List.of(1), rampUps("closed:users=4,duration=10s,ramp=500ms"));
        assertEquals(List.of(2), rampUps("closed:users=4,duration=10s,ramp=1500ms"));
    }

    private List<Integer> rampUps(String load) throws Exception {
        Path jmx = tmp.resolve("ramp-" + load.hashCode() + ".jmx");
        JmxExport.write(options("http://127.0.0.1:9/hello", load, "unused"), jmx);
        SearchByClass<ThreadGroup> groups = new SearchByClass<>(ThreadGroup.class);
        SaveService.loadTree(jmx.toFile()).traverse(groups);
        return groups.getSearchResults().stream().map(ThreadGroup::getRampUp).toList();
    }

    @Test
    void openLoadIsAnOpenModelScheduleWithATailForRequestsInFlight() {
        assertEquals("rate(50/sec) even_arrivals(30 sec) pause(5 sec)", PlanBuilder.schedule(50, false, 30, 5));
        assertEquals("rate(12.5/sec) random_arrivals(2 sec) pause(1 sec)", PlanBuilder.schedule(12.5, true, 2, 1));
    }

    private static LoadOptions options(String url, String load, String password) {
        JMeterHome.init(Map.of());
        return new LoadOptions(HttpTarget.of(url, "bench", password, Duration.ofSeconds(2), "hello"), LoadSpec.parse(load));
    }

    private static HttpServer server(String expected, AtomicInteger authorised, AtomicInteger refused) throws Exception {
        HttpServer s = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        s.setExecutor(java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor());
        s.createContext("/hello", ex -> {
            boolean ok = expected.equals(ex.getRequestHeaders().getFirst("Authorization"));
            (ok ? authorised : refused).incrementAndGet();
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            byte[] body = (ok ? "hello" : "no").getBytes(StandardCharsets.UTF_8);
            if (!ok) {
                ex.getResponseHeaders().add("WWW-Authenticate", "Basic realm=\"test\"");
            }
            ex.sendResponseHeaders(ok ? 200 : 401, body.length);
            ex.getResponseBody().write(body);
            ex.close();
        });
        s.start();
        return s;
    }
}
