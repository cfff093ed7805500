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
}
