package org.fiberbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * Headless Chromium driven over the DevTools protocol with the JDK's own WebSocket: enough to
 * open a page, collect console, log and network events, and evaluate expressions. Always
 * {@link #close()} it: that kills the browser and its helper processes and deletes the profile.
 */
final class Chromium implements AutoCloseable {
    static final Path BINARY = Path.of("/usr/bin/chromium");
    private static final Duration START_TIMEOUT = Duration.ofSeconds(15);
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(10);

    private final Process process;
    private final Path profile;
    private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final List<JsonNode> events = new ArrayList<>();
    private final AtomicInteger ids = new AtomicInteger();
    private WebSocket socket;

    private Chromium(Process process, Path profile) {
        this.process = process;
        this.profile = profile;
    }

    static Chromium start() throws Exception {
        Path profile = Files.createTempDirectory("fiberbench-chromium");
        Process p = new ProcessBuilder(BINARY.toString(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars", "--window-size=1300,2000",
                "--user-data-dir=" + profile, "--remote-debugging-port=0", "about:blank")
                .redirectErrorStream(true).redirectOutput(profile.resolve("chromium.log").toFile()).start();
        Chromium c = new Chromium(p, profile);
        try {
            c.connect();
            return c;
        } catch (Exception | AssertionError e) {
            c.close();
            throw e;
        }
    }

    private void connect() throws Exception {
        Path portFile = profile.resolve("DevToolsActivePort");
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (!(Files.exists(portFile) && Files.readAllLines(portFile).size() >= 2)) {
            if (System.nanoTime() > deadline || !process.isAlive()) {
                throw new IllegalStateException("Chromium did not start: " + Files.readString(profile.resolve("chromium.log")));
            }
            Thread.sleep(50);
        }
        int port = Integer.parseInt(Files.readAllLines(portFile).get(0).trim());
        HttpClient http = HttpClient.newBuilder().connectTimeout(CALL_TIMEOUT).build();
        String list = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/json/list")).timeout(CALL_TIMEOUT).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        String ws = null;
        for (JsonNode target : Json.MAPPER.readTree(list)) {
            if ("page".equals(target.path("type").asText())) {
                ws = target.path("webSocketDebuggerUrl").asText();
            }
        }
        if (ws == null) {
            throw new IllegalStateException("no page target in " + list);
        }
        socket = http.newWebSocketBuilder().buildAsync(URI.create(ws), new Listener()).get(CALL_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    }

    /** Sends one command and waits for its result. */
    JsonNode call(String method, Map<String, Object> params) throws Exception {
        int id = ids.incrementAndGet();
        CompletableFuture<JsonNode> reply = new CompletableFuture<>();
        pending.put(id, reply);
        ObjectNode msg = Json.object().put("id", id).put("method", method);
        msg.set("params", Json.MAPPER.valueToTree(params));
        socket.sendText(msg.toString(), true).get(CALL_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        JsonNode r = reply.get(CALL_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        if (r.has("error")) {
            throw new IllegalStateException(method + " failed: " + r.get("error"));
        }
        return r.path("result");
    }

    /** Evaluates an expression in the page, returning its value. */
    JsonNode eval(String expression) throws Exception {
        JsonNode r = call("Runtime.evaluate", Map.of("expression", expression, "returnByValue", true));
        if (r.has("exceptionDetails")) {
            throw new IllegalStateException("evaluation failed: " + r.get("exceptionDetails"));
        }
        return r.path("result").path("value");
    }

    /** Waits (bounded) until an expression is true in the page. */
    void await(String expression, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!eval(expression).asBoolean(false)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + expression);
            }
            Thread.sleep(50);
        }
    }

    /** Events so far whose method matches. */
    List<JsonNode> events(Predicate<String> method) {
        synchronized (events) {
            return events.stream().filter(e -> method.test(e.path("method").asText())).toList();
        }
    }

    void clearEvents() {
        synchronized (events) {
            events.clear();
        }
    }

    @Override
    public void close() {
        if (socket != null) {
            socket.abort();
        }
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try (Stream<Path> files = Files.walk(profile)) {
            files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException e) {
            // a leftover temp profile is harmless
        }
    }

    private final class Listener implements WebSocket.Listener {
        private final StringBuilder partial = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                dispatch(partial.toString());
                partial.setLength(0);
            }
            ws.request(1);
            return null;
        }

        private void dispatch(String text) {
            try {
                JsonNode msg = Json.MAPPER.readTree(text);
                if (msg.has("id")) {
                    CompletableFuture<JsonNode> f = pending.remove(msg.get("id").asInt());
                    if (f != null) {
                        f.complete(msg);
                    }
                } else {
                    synchronized (events) {
                        events.add(msg);
                    }
                }
            } catch (IOException e) {
                pending.values().forEach(f -> f.completeExceptionally(e));
            }
        }
    }
}
