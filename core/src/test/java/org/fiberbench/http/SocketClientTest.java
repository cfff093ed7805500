package org.fiberbench.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The socket client against the JDK's own HTTP server: chunked bodies, status codes, body checks. */
class SocketClientTest {
    private HttpServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    private HttpTarget serve(int status, boolean chunked, String body, String expect) throws Exception {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", ex -> {
            byte[] b = body.getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(status, chunked ? 0 : b.length);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(b, 0, b.length / 2);
                out.flush();
                out.write(b, b.length / 2, b.length - b.length / 2);
            }
        });
        server.start();
        return HttpTarget.of("http://127.0.0.1:" + server.getAddress().getPort() + "/x", null, null,
                Duration.ofSeconds(5), expect);
    }

    @Test
    void readsAChunkedBodyAndChecksIt() throws Exception {
        HttpTarget t = serve(200, true, "hello VirtualThread world", "VirtualThread");
        try (HttpSender s = HttpSender.create(HttpSender.Kind.SOCKET, t)) {
            for (int i = 0; i < 3; i++) {
                assertTrue(s.send().ok());
            }
            assertEquals(1, s.openConnections(), "keep-alive connection not reused");
        }
    }

    @Test
    void aMissingExpectedTextIsABodyError() throws Exception {
        HttpTarget t = serve(200, false, "Thread[#1,main]", "VirtualThread");
        try (HttpSender s = HttpSender.create(HttpSender.Kind.SOCKET, t)) {
            assertEquals("body", s.send().error());
        }
    }

    @Test
    void aServerErrorIsClassifiedByStatus() throws Exception {
        HttpTarget t = serve(503, false, "busy", null);
        try (HttpSender s = HttpSender.create(HttpSender.Kind.SOCKET, t)) {
            Response r = s.send();
            assertEquals("status_503", r.error());
            assertEquals("busy", r.detail());
        }
    }
}
