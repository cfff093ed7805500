package org.fiberbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.fiberbench.db.DbOptions;
import org.fiberbench.server.ServerMain;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fiberbench serve} with its database, as a real process: the check before listening, /db, masking, shutdown. */
class ServeDbTest {
    private static final long START_S = 60;
    @TempDir
    Path tmp;
    private Process process;

    @AfterEach
    void kill() throws InterruptedException {
        if (process != null && process.isAlive()) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @AfterAll
    static void dropUsers() throws Exception {
        DbServers.dropUsers();
    }

    /** Starts {@code fiberbench serve ARGS} with stdout and stderr into {@code log}. */
    private Path serve(String... args) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.addAll(CliCapture.command("serve", "-e", "virtual", "--port", "0", "--no-auth"));
        cmd.addAll(Arrays.asList(args));
        Path log = tmp.resolve("serve.log");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().remove(DbOptions.PASSWORD_ENV);
        process = pb.start();
        return log;
    }

    /** The URL the server prints once it listens, or null when it exits first or takes too long. */
    private String awaitUrl(Path log) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_S);
        while (System.nanoTime() < deadline && process.isAlive()) {
            for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
                if (line.startsWith(ServerMain.READY_PREFIX)) {
                    String rest = line.substring(ServerMain.READY_PREFIX.length());
                    return rest.substring(0, rest.indexOf(' '));
                }
            }
            Thread.sleep(100);
        }
        return null;
    }

    private static HttpResponse<String> get(String url) throws Exception {
        try (HttpClient c = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()) {
            return c.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30)).build(),
                    HttpResponse.BodyHandlers.ofString());
        }
    }

    /** SIGTERM, as Ctrl-C would; returns the exit status. */
    private int terminate() throws InterruptedException {
        process.destroy();
        assertTrue(process.waitFor(30, TimeUnit.SECONDS), "serve did not exit after SIGTERM");
        return process.exitValue();
    }

    @Test
    void serveWithoutDbAnswersFromTheEmbeddedH2AndStopsIt() throws Exception {
        Path log = serve();
        String url = awaitUrl(log);
        assertNotNull(url, Files.readString(log));
        HttpResponse<String> r = get(url + "db");
        assertEquals(200, r.statusCode(), r.body());
        assertEquals(10, r.body().lines().count(), r.body());
        assertEquals(0, terminate());
        String out = Files.readString(log);
        assertTrue(out.contains("/db queries embedded H2"), out);
    }

    @Test
    void serveAnswersDbFromMariaDbAndNeverPrintsThePassword() throws Exception {
        DbServers.mariadbUsers();
        Path log = serve("--db", DbServers.MARIADB, "--db-user", DbServers.USER, "--db-password", DbServers.PASSWORD,
                "--rows", "7");
        String url = awaitUrl(log);
        assertNotNull(url, Files.readString(log));
        HttpResponse<String> scan = get(url + "db?query=scan");
        assertEquals(200, scan.statusCode(), scan.body());
        assertEquals(7, scan.body().lines().count(), scan.body());
        assertEquals(200, get(url + "db?query=point&via=offload").statusCode());
        assertEquals(400, get(url + "db?query=nope").statusCode());
        assertEquals(0, terminate());
        String out = Files.readString(log);
        assertTrue(out.contains("user '" + DbServers.USER + "'"), out);
        assertFalse(out.contains(DbServers.PASSWORD), out);
    }

    @Test
    void serveWithAWrongDbPasswordExits2WithOneLine() throws Exception {
        DbServers.mariadbUsers();
        String wrong = "wrong-" + DbServers.PASSWORD;
        Path log = serve("--db", DbServers.MARIADB, "--db-user", DbServers.USER, "--db-password", wrong);
        assertTrue(process.waitFor(START_S, TimeUnit.SECONDS), "serve did not give up");
        String out = Files.readString(log);
        assertEquals(2, process.exitValue(), out);
        assertEquals(1, out.lines().count(), out);
        assertTrue(out.startsWith("fiberbench: database ") && out.contains("cannot connect"), out);
        assertFalse(out.contains(wrong), out);
    }
}
