package org.fiberbench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import org.fiberbench.executor.ExecutorSpec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every endpoint and every refusal, asked once through JDK's HttpClient and once through a raw
 * socket writing HTTP/1.1 by hand: the server must not depend on what one client happens to send.
 */
class EndpointsOverBothClientsTest {
    private static final String AUTH = "Basic " + Base64.getEncoder().encodeToString("hello:world".getBytes(StandardCharsets.UTF_8));
    private static BenchServer server;

    @BeforeAll
    static void start() {
        server = BenchServer.start(ServerOptions.local(ExecutorSpec.parse("virtual")));
    }

    @AfterAll
    static void stop() {
        server.stop(Duration.ofSeconds(2));
    }

    /** path, credentials sent, expected status, text the body holds. */
    static List<Arguments> cases() {
        Object[][] table = {
            {"/thread/name", true, 200, "VirtualThread["},
            {"/thread/benchmark?ms=50", true, 200, "VirtualThread["},
            {"/cpu?iterations=1000", true, 200, String.valueOf(BenchServlet.cpu(1000))},
            {"/db?query=point", true, 200, " from fiberbench"}, // point walks the table: the row differs per request
            {"/stats", true, 200, "\"requests\""},
            {"/thread/name", false, 401, "401 unauthorized"},
            {"/nope", true, 404, "404 not found: /nope"},
            {"/thread/benchmark?ms=abc", true, 400, "ms=abc is not accepted"},
            {"/cpu?iterations=-1", true, 400, "iterations=-1 is not accepted"},
            {"/db?query=drop", true, 400, "query=drop is not accepted"},
        };
        List<Arguments> out = new ArrayList<>();
        for (String client : new String[] {"jdk", "socket"}) {
            for (Object[] row : table) {
                out.add(Arguments.of(client, row[0], row[1], row[2], row[3]));
            }
        }
        return out;
    }

    @ParameterizedTest(name = "{0} GET {1} auth={2} -> {3}")
    @MethodSource("cases")
    void answersEveryClientAlike(String client, String path, boolean auth, int status, String bodyHolds) throws Exception {
        String[] reply = client.equals("jdk") ? viaHttpClient(path, auth) : viaRawSocket(path, auth);
        assertEquals(String.valueOf(status), reply[0], reply[1]);
        assertTrue(reply[1].contains(bodyHolds), reply[1]);
    }

    private static String[] viaHttpClient(String path, boolean auth) throws Exception {
        try (HttpClient c = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()) {
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(server.url() + path.substring(1)))
                    .timeout(Duration.ofSeconds(30));
            if (auth) {
                b.header("Authorization", AUTH);
            }
            HttpResponse<String> r = c.send(b.build(), HttpResponse.BodyHandlers.ofString());
            return new String[] {String.valueOf(r.statusCode()), r.body()};
        }
    }

    /** One request, as bytes on a socket; the reply's status and its Content-Length body. */
    private static String[] viaRawSocket(String path, boolean auth) throws IOException {
        try (Socket s = new Socket("127.0.0.1", server.port())) {
            s.setSoTimeout(30_000);
            OutputStream out = s.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + (auth ? "Authorization: " + AUTH + "\r\n" : "")
                    + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = s.getInputStream();
            StringBuilder head = new StringBuilder();
            while (!head.toString().endsWith("\r\n\r\n")) {
                int b = in.read();
                if (b < 0) {
                    throw new IOException("connection closed inside the headers: " + head);
                }
                head.append((char) b);
            }
            String h = head.toString();
            String lower = h.toLowerCase(Locale.ROOT);
            int at = lower.indexOf("content-length:");
            assertTrue(at > 0, "no Content-Length: " + h);
            int len = Integer.parseInt(h.substring(at + 15, h.indexOf("\r\n", at)).trim());
            String body = new String(in.readNBytes(len), StandardCharsets.UTF_8);
            return new String[] {h.substring(9, 12), body};
        }
    }
}
