package org.fiberbench.engine.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.zaxxer.hikari.HikariDataSource;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.fiberbench.db.DbOptions;
import org.fiberbench.db.SharedDatabase;
import org.fiberbench.workload.Workload;
import org.fiberbench.workload.WorkloadSpec;
import org.fiberbench.workload.jdbc.DbConnection;
import org.fiberbench.workload.jdbc.Pools;
import org.fiberbench.workload.jdbc.QueryPool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The database and HTTP references, at a tiny scale, against real servers: an embedded H2 over TCP
 * (the one {@code calibrate} starts, reached through the secret channel as a fork reaches it) and a
 * real HTTP server on loopback. Their tasks do what the jdbc and http workloads' tasks do.
 */
class ReferenceIoBenchmarksTest {

    /** Runs {@code body} with the system properties a fork of {@code db} gets, removed afterwards. */
    private static void asFork(SharedDatabase db, ThrowingRunnable body) throws Exception {
        List<String> args = db.forkJvmArgs();
        Map<String, String> props = new TreeMap<>();
        for (String a : args) {
            int eq = a.indexOf('=');
            props.put(a.substring(2, eq), a.substring(eq + 1));
        }
        props.forEach(System::setProperty);
        try {
            body.run();
        } finally {
            props.keySet().forEach(System::clearProperty);
        }
    }

    interface ThrowingRunnable {
        void run() throws Exception;
    }

    private static ReferenceDatabaseBenchmark database(String query, String via, int tasks) {
        ReferenceDatabaseBenchmark b = new ReferenceDatabaseBenchmark();
        b.query = query;
        b.via = via;
        b.taskCount = tasks;
        b.poolSize = 4;
        return b;
    }

    @ParameterizedTest
    @CsvSource({"point,direct", "point,offload", "scan,direct", "scan,offload"})
    void databaseBenchmarkRunsEveryQueryOnTheSharedH2(String query, String via) throws Exception {
        try (SharedDatabase db = SharedDatabase.open(DbOptions.EMBEDDED)) {
            asFork(db, () -> {
                ReferenceDatabaseBenchmark b = database(query, via, 40);
                b.setup();
                try {
                    assertEquals(40, b.batch()); // throws when a query fails or returns a wrong row count
                    assertEquals(40, b.batch());
                } finally {
                    b.teardown();
                }
            });
        }
    }

    @Test
    void databaseBenchmarkFailsWhenTheRowCountIsWrong() throws Exception {
        try (SharedDatabase db = SharedDatabase.open(DbOptions.EMBEDDED)) {
            asFork(db, () -> {
                System.setProperty(ReferenceDatabaseBenchmark.ROWS_PROPERTY, "11"); // the table holds 10
                ReferenceDatabaseBenchmark b = database("scan", "direct", 5);
                b.setup();
                try {
                    IllegalStateException e = assertThrows(IllegalStateException.class, b::batch);
                    assertTrue(e.getMessage().contains("5 failed") && e.getMessage().contains("returned 10 rows, expected 11"),
                            e.getMessage());
                } finally {
                    b.teardown();
                }
            });
        }
    }

    @Test
    void databaseBenchmarkAloneSaysWhereItsDatabaseComesFrom() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> database("point", "direct", 1).setup());
        assertTrue(e.getMessage().contains("calibrate"), e.getMessage());
    }

    @Test
    void referenceQueriesAnswerWhatTheJdbcWorkloadsQueriesAnswer() throws Exception {
        try (SharedDatabase db = SharedDatabase.open(DbOptions.EMBEDDED)) {
            asFork(db, () -> {
                DbConnection c = DbConnection.fromSystemProperty();
                try (QueryPool workload = QueryPool.open(c, 10);
                     HikariDataSource pool = Pools.open(c, 2, ReferenceDatabaseBenchmark.CONNECTION_TIMEOUT, "reference")) {
                    for (long seq = 0; seq < 23; seq++) { // the workload's pool numbers its point queries 0, 1, 2...
                        assertEquals(workload.run("point", "direct"), ReferenceDatabaseBenchmark.execQuery(pool, true, seq, 10, 1),
                                "point query of task " + seq);
                    }
                    String scan = ReferenceDatabaseBenchmark.execQuery(pool, false, 0, 10, 10);
                    assertEquals(workload.run("scan", "direct"), scan);
                    assertEquals(10, scan.lines().count());
                    assertTrue(scan.startsWith("1,hello 1,response to hello 1 from fiberbench\n"), scan);
                }
            });
        }
    }

    /**
     * A database pair's interleaved fork, as calibrate starts it (clients shared): the reference and
     * fiberbench's batch query through one HikariCP pool (16, the reference's and the workload's
     * default) and, via offload, one executor of 2 × CPUs threads, which only happens when the two
     * sides ask for the same settings; both are gone once the fork's run ends. Without sharing,
     * each side has its own and the log says nothing of it.
     */
    @ParameterizedTest
    @CsvSource({"direct,true", "offload,true", "offload,false"})
    void anInterleavedDatabaseForkRunsBothSidesOnOnePoolAndExecutorWhenClientsAreShared(String via, boolean shared)
            throws Exception {
        try (SharedDatabase db = SharedDatabase.open(DbOptions.EMBEDDED)) {
            asFork(db, () -> {
                if (shared) {
                    System.setProperty(org.fiberbench.workload.SharedClients.PROPERTY, "true");
                }
                try {
                    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
                    java.io.ByteArrayOutputStream log = new java.io.ByteArrayOutputStream();
                    new InterleavedBatches(BenchmarkMethod.open("ReferenceDatabaseBenchmark.batch",
                            Map.of("query", "point", "via", via, "taskCount", "20")), "virtual", "jdbc:query=point,via=" + via, 20, 1)
                            .run(0, 2, new java.io.PrintStream(out, true, StandardCharsets.UTF_8),
                                    new java.io.PrintStream(log, true, StandardCharsets.UTF_8));
                    assertEquals(2, out.toString(StandardCharsets.UTF_8).lines().filter(l -> l.startsWith("pair ")).count());
                    String expected = "both sides on one HikariCP pool of 16 connections (2 users)" + (via.equals("offload")
                            ? ", one offload executor of " + 2 * Runtime.getRuntime().availableProcessors() + " threads (2 users)" : "")
                            + System.lineSeparator();
                    String first = log.toString(StandardCharsets.UTF_8);
                    if (shared) {
                        assertTrue(first.startsWith(expected), first);
                    } else {
                        assertTrue(!first.contains("both sides"), first);
                    }
                    assertEquals(List.of(), org.fiberbench.workload.SharedClients.inUse(), "both sides let go");
                } finally {
                    System.clearProperty(org.fiberbench.workload.SharedClients.PROPERTY);
                }
            });
        }
    }

    @Test
    void calibratesInterleavedForksShareClients() {
        assertTrue(InterleavedBatches.JVM_ARGS.contains("-D" + org.fiberbench.workload.SharedClients.PROPERTY + "=true"),
                InterleavedBatches.JVM_ARGS.toString());
    }

    /** A real HTTP server on loopback that counts requests and keeps the header names of the last one. */
    private static final class Server implements AutoCloseable {
        final HttpServer http;
        final AtomicInteger requests = new AtomicInteger();
        final Map<String, List<String>> lastHeaders = new ConcurrentHashMap<>();
        volatile int status = 200;

        Server() throws IOException {
            http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            http.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
            http.createContext("/thread/name", this::answer);
            http.start();
        }

        private void answer(HttpExchange x) throws IOException {
            requests.incrementAndGet();
            lastHeaders.clear();
            x.getRequestHeaders().forEach((k, v) -> lastHeaders.put(k.toLowerCase(java.util.Locale.ROOT), v));
            byte[] body = Thread.currentThread().toString().getBytes(StandardCharsets.UTF_8);
            x.sendResponseHeaders(status, body.length);
            try (OutputStream out = x.getResponseBody()) {
                out.write(body);
            }
        }

        String url() {
            return "http://127.0.0.1:" + http.getAddress().getPort() + "/thread/name";
        }

        @Override
        public void close() {
            http.stop(0);
        }
    }

    private static ReferenceHttpBenchmark http(String url, int tasks) {
        ReferenceHttpBenchmark b = new ReferenceHttpBenchmark();
        b.url = url;
        b.taskCount = tasks;
        return b;
    }

    @Test
    void httpBenchmarkSendsEveryRequestOfTheBatch() throws Exception {
        try (Server s = new Server()) {
            ReferenceHttpBenchmark b = http(s.url(), 50);
            b.setup();
            try {
                assertEquals(1, s.requests.get(), "one probe in set-up");
                assertEquals(50, b.batch());
                assertEquals(51, s.requests.get());
                assertEquals(50, b.batch());
                assertEquals(101, s.requests.get());
            } finally {
                b.teardown();
            }
        }
    }

    @Test
    void httpBenchmarkFailsOnAnswersOtherThan200() throws Exception {
        try (Server s = new Server()) {
            ReferenceHttpBenchmark b = http(s.url(), 10);
            b.setup();
            try {
                s.status = 503;
                IllegalStateException e = assertThrows(IllegalStateException.class, b::batch);
                assertTrue(e.getMessage().contains("10 failed") && e.getMessage().contains("status 503"), e.getMessage());
            } finally {
                b.teardown();
            }
            assertThrows(IllegalStateException.class, () -> http(s.url(), 1).setup(), "the probe fails on a 503");
        }
    }

    @Test
    void httpBenchmarkSendsTheRequestTheHttpWorkloadsJdkClientSends() throws Exception {
        try (Server s = new Server()) {
            Workload w = WorkloadSpec.parse("http:url=" + s.url() + ",client=jdk").create();
            w.setUp();
            try {
                w.run(0);
            } finally {
                w.close();
            }
            Map<String, List<String>> workload = new TreeMap<>(s.lastHeaders);
            ReferenceHttpBenchmark b = http(s.url(), 1);
            b.setup();
            try {
                b.batch();
            } finally {
                b.teardown();
            }
            assertEquals(workload, new TreeMap<>(s.lastHeaders), "same request line headers and values");
            assertEquals(List.of("fiberbench"), s.lastHeaders.get("user-agent"));
        }
    }

    /**
     * An HTTP pair's interleaved fork with clients shared, as calibrate starts it: the reference and
     * the http workload's {@code client=jdk} send through one JDK HttpClient (same connect timeout),
     * every request of both sides reaches the server, and the client is gone after the run.
     */
    @Test
    void anInterleavedHttpForkSendsBothSidesThroughOneClientWhenClientsAreShared() throws Exception {
        System.setProperty(org.fiberbench.workload.SharedClients.PROPERTY, "true");
        try (Server s = new Server()) {
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            java.io.ByteArrayOutputStream log = new java.io.ByteArrayOutputStream();
            new InterleavedBatches(BenchmarkMethod.open("ReferenceHttpBenchmark.batch", Map.of("url", s.url(), "taskCount", "7")),
                    "virtual", "http:url=" + s.url() + ",client=jdk", 7, 1)
                    .run(0, 3, new java.io.PrintStream(out, true, StandardCharsets.UTF_8),
                            new java.io.PrintStream(log, true, StandardCharsets.UTF_8));
            assertEquals(3, out.toString(StandardCharsets.UTF_8).lines().filter(l -> l.startsWith("pair ")).count());
            String text = log.toString(StandardCharsets.UTF_8);
            assertTrue(text.startsWith("both sides on one JDK HttpClient (2 users)" + System.lineSeparator()), text);
            assertTrue(s.requests.get() >= 2 * 3 * 7, "every batch's requests, besides the probes: " + s.requests.get());
            assertEquals(List.of(), org.fiberbench.workload.SharedClients.inUse(), "both sides let go");
        } finally {
            System.clearProperty(org.fiberbench.workload.SharedClients.PROPERTY);
        }
    }
}
