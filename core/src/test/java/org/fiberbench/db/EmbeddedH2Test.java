package org.fiberbench.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ConnectException;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** The default database: a real H2 TCP server on loopback and an ephemeral port, gone once closed. */
class EmbeddedH2Test {
    /** 127.0.0.1 as /proc/net/tcp writes it, and as /proc/net/tcp6 writes it (v4-mapped) or ::1. */
    private static final Set<String> LOOPBACK = Set.of("0100007F", "0000000000000000FFFF00000100007F",
            "00000000000000000000000001000000");

    private static int port(EmbeddedH2 h2) {
        return Integer.parseInt(h2.connection().url().replaceAll("^jdbc:h2:tcp://127\\.0\\.0\\.1:(\\d+)/.*$", "$1"));
    }

    /** Local addresses of the sockets listening on {@code port}, from the kernel's own tables. */
    private static List<String> listeningAddresses(int port) throws IOException {
        List<String> out = new ArrayList<>();
        String hexPort = String.format(Locale.ROOT, "%04X", port);
        for (String table : new String[] {"/proc/net/tcp", "/proc/net/tcp6"}) {
            List<String> lines = Files.readAllLines(Path.of(table));
            for (String line : lines.subList(1, lines.size())) { // the first line names the columns
                String[] f = line.trim().split("\\s+");
                String[] local = f[1].split(":");
                if (local[1].equals(hexPort) && f[3].equals("0A")) { // 0A = LISTEN
                    out.add(local[0]);
                }
            }
        }
        return out;
    }

    @Test
    void listensOnLoopbackOnlyOnAnEphemeralPort() throws Exception {
        Assumptions.assumeTrue(Files.isReadable(Path.of("/proc/net/tcp")), "needs Linux's /proc/net");
        try (EmbeddedH2 h2 = EmbeddedH2.start()) {
            int port = port(h2);
            assertTrue(port > 1024, "port " + port);
            List<String> addresses = listeningAddresses(port);
            assertFalse(addresses.isEmpty(), "nothing listens on " + port);
            assertTrue(LOOPBACK.containsAll(addresses), "listens beyond loopback: " + addresses);
        }
    }

    @Test
    void answersOverTheSocketThenStopsWhenClosed() throws Exception {
        int port;
        try (EmbeddedH2 h2 = EmbeddedH2.start();
             Connection c = DriverManager.getConnection(h2.connection().url(), h2.connection().user(),
                     h2.connection().password())) {
            port = port(h2);
            assertEquals("H2", c.getMetaData().getDatabaseProductName());
        }
        assertThrows(ConnectException.class, () -> new Socket("127.0.0.1", port).close());
    }

    /**
     * What any local process could do to a server started with -ifNotExists: open a database of its
     * own and call a static Java method inside this JVM. Run from a second JVM, as an attacker would.
     */
    @Test
    void anotherProcessCannotOpenADatabaseOrCallJavaMethods() throws Exception {
        String secret = "fb-h2-secret-" + Long.toHexString(new java.security.SecureRandom().nextLong());
        System.setProperty("fiberbench.test.secret", secret);
        String attack = "CREATE ALIAS GETPROP FOR 'java.lang.System.getProperty(java.lang.String)';"
                + " CALL GETPROP('fiberbench.test.secret')";
        try (EmbeddedH2 h2 = EmbeddedH2.start()) {
            String base = "jdbc:h2:tcp://127.0.0.1:" + port(h2) + "/";
            String other = shell(base + "mem:other", "sa", "", attack);
            assertFalse(other.contains(secret), other);
            assertTrue(other.contains("Wrong user name or password"), other); // any name but fiberbench's is refused
            String management = shell(base + "mem:management_db_" + port(h2), "", "", attack);
            assertFalse(management.contains(secret), management);
            assertTrue(management.contains("Wrong user name or password"), management);
            // even with the forks' own credentials: fiberbench's database, but no right to make functions
            String own = shell(h2.connection().url(), h2.connection().user(), h2.connection().password(), attack);
            assertFalse(own.contains(secret), own);
            assertTrue(own.contains("Admin rights are required"), own);
        } finally {
            System.clearProperty("fiberbench.test.secret");
        }
    }

    /** H2's own console tool in a JVM of its own: what it prints for {@code sql} against {@code url}. */
    private static String shell(String url, String user, String password, String sql) throws Exception {
        String h2Jar = Path.of(org.h2.tools.Shell.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", h2Jar, "org.h2.tools.Shell", "-url", url, "-user", user, "-password", password, "-sql", sql)
                .redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), "the H2 shell did not finish");
        return out;
    }
}
