package org.fiberbench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import org.fiberbench.db.DbOptions;
import org.fiberbench.db.ServedDatabase;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.spec.SpecException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** {@code GET /db} on a real server against real databases: the embedded H2 default, a separate H2 server, MariaDB. */
class DbEndpointTest {
    private static final String AUTH = "Basic " + Base64.getEncoder().encodeToString("hello:world".getBytes(StandardCharsets.UTF_8));
    private static final String MARIADB = "jdbc:mariadb://127.0.0.1:3306/test";
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private BenchServer server;
    private org.h2.tools.Server h2;

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(Duration.ofSeconds(2));
        }
        if (h2 != null) {
            h2.stop();
        }
        client.close();
    }

    private void start(ServedDatabase database) {
        server = BenchServer.start(ServerOptions.local(ExecutorSpec.parse("virtual")), database);
    }

    private HttpResponse<String> get(String path) throws Exception {
        HttpRequest r = HttpRequest.newBuilder(URI.create(server.url() + path.substring(1)))
                .timeout(Duration.ofSeconds(30)).header("Authorization", AUTH).build();
        return client.send(r, HttpResponse.BodyHandlers.ofString());
    }

    private static String row(int id) {
        return id + ",hello " + id + ",response to hello " + id + " from fiberbench";
    }

    @Test
    void scanOnTheEmbeddedDefaultReturnsEveryRow() throws Exception {
        start(null);
        HttpResponse<String> r = get("/db");
        assertEquals(200, r.statusCode(), r.body());
        List<String> lines = r.body().lines().toList();
        assertEquals(10, lines.size(), r.body());
        assertEquals(row(1), lines.get(0));
        assertEquals(row(10), lines.get(9));
    }

    @Test
    void pointReturnsOneRowAndWalksTheTable() throws Exception {
        start(null);
        assertEquals(row(1), get("/db?query=point").body().strip());
        assertEquals(row(2), get("/db?query=point&via=direct").body().strip());
    }

    @Test
    void offloadAnswersTheSameRowsAsDirect() throws Exception {
        start(null);
        HttpResponse<String> r = get("/db?query=scan&via=offload");
        assertEquals(200, r.statusCode(), r.body());
        assertEquals(get("/db?via=direct").body(), r.body());
    }

    @Test
    void unknownQueryIs400() throws Exception {
        start(null);
        HttpResponse<String> r = get("/db?query=drop");
        assertEquals(400, r.statusCode());
        assertTrue(r.body().contains("query=drop") && r.body().contains("point, scan"), r.body());
        assertEquals(400, get("/db?query=select%201").statusCode(), "a caller never sends SQL");
    }

    @Test
    void unknownViaIs400() throws Exception {
        start(null);
        assertEquals(400, get("/db?via=carrier").statusCode());
    }

    @Test
    void failingQueryIs500WithOneMaskedLine() throws Exception {
        String secret = "h2-S3cret-pw-91c";
        String url = separateH2("fail");
        start(ServedDatabase.open(new DbOptions(url, "sa", secret, 5)));
        assertEquals(5, get("/db").body().lines().count());
        try (Connection c = DriverManager.getConnection(url, "sa", secret); Statement st = c.createStatement()) {
            st.execute("DROP TABLE fiberbench_hello");
        }
        HttpResponse<String> r = get("/db");
        assertEquals(500, r.statusCode(), r.body());
        assertEquals(1, r.body().lines().count(), r.body());
        assertTrue(r.body().startsWith("500 query failed: ") && r.body().contains("FIBERBENCH_HELLO"), r.body());
        assertFalse(r.body().contains(secret), r.body());
    }

    @Test
    void stoppingTheServerStopsItsEmbeddedDatabase() throws Exception {
        ServedDatabase db = ServedDatabase.open(DbOptions.EMBEDDED);
        int port = Integer.parseInt(db.describe().replaceAll(".*jdbc:h2:tcp://127\\.0\\.0\\.1:(\\d+)/.*", "$1"));
        start(db);
        assertEquals(200, get("/db").statusCode());
        server.stop(Duration.ofSeconds(2));
        assertThrows(IOException.class, () -> new Socket("127.0.0.1", port).close());
    }

    @Test
    void pointAndScanOnMariaDbReturnTheRows() throws Exception {
        // a database of this JVM's own, so another checkout's tests never refill the table under this one
        String name = "fb_srv_" + ProcessHandle.current().pid();
        try {
            scanAndPointOn(name);
        } finally {
            try (Connection c = DriverManager.getConnection(MARIADB + "?connectTimeout=2000", "root", "");
                 Statement st = c.createStatement()) {
                st.execute("DROP DATABASE IF EXISTS " + name);
            } catch (java.sql.SQLException down) {
                // reported by the test itself
            }
        }
    }

    private void scanAndPointOn(String name) throws Exception {
        ServedDatabase db;
        try {
            try (Connection c = DriverManager.getConnection(MARIADB + "?connectTimeout=2000", "root", "");
                 Statement st = c.createStatement()) {
                st.execute("CREATE DATABASE IF NOT EXISTS " + name);
            }
            db = ServedDatabase.open(new DbOptions(MARIADB.replace("/test", "/" + name), "root", "", 10));
        } catch (java.sql.SQLException | SpecException e) {
            if ("true".equals(System.getenv("CI"))) {
                fail("MariaDB is not reachable at " + MARIADB + " (CI=true: database tests must not skip): " + e.getMessage());
            }
            Assumptions.abort("MariaDB is not reachable at " + MARIADB + ": " + e.getMessage());
            return;
        }
        start(db);
        assertEquals(row(1), get("/db?query=point&via=offload").body().strip());
        HttpResponse<String> r = get("/db");
        assertEquals(200, r.statusCode(), r.body());
        assertEquals(10, r.body().lines().count(), r.body());
        assertEquals(row(1), r.body().lines().findFirst().orElseThrow());
    }

    /** An H2 server of the test's own, so the test may change the table under the server's feet. */
    private String separateH2(String name) throws Exception {
        System.getProperties().putIfAbsent("h2.bindAddress", "127.0.0.1");
        h2 = org.h2.tools.Server.createTcpServer("-tcpPort", "0", "-ifNotExists").start();
        return "jdbc:h2:tcp://127.0.0.1:" + h2.getPort() + "/mem:" + name + "-" + ProcessHandle.current().pid()
                + ";DB_CLOSE_DELAY=-1";
    }
}
