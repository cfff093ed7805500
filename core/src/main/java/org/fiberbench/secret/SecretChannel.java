package org.fiberbench.secret;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.StringReader;
import java.io.Writer;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * Serves a few secrets to the forks of one scenario. The parent opens it before it starts the
 * forks and closes it once they are done; every connection to the socket gets the whole set and
 * is closed. The socket sits in a fresh directory that only this user may enter (see {@link
 * SecretDirs}), and holds no data: a parent killed with {@code kill -9} leaves an empty socket
 * file behind, which the next start sweeps away. A JMH scenario with several forks, and the
 * process-pool workers of a fork, each read the same set. Thread-safe.
 */
public final class SecretChannel implements AutoCloseable {
    private final Path socket;
    private final ServerSocketChannel server;
    private final byte[] payload;

    private SecretChannel(Path socket, ServerSocketChannel server, byte[] payload) {
        this.socket = socket;
        this.server = server;
        this.payload = payload;
    }

    /** Starts serving {@code secrets} (names to values; null values are left out). */
    public static SecretChannel open(Map<String, String> secrets) throws IOException {
        Path dir = SecretDirs.create();
        Path socket = dir.resolve("secrets.sock");
        ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            server.bind(UnixDomainSocketAddress.of(socket));
        } catch (IOException e) {
            server.close();
            SecretDirs.delete(dir);
            throw new IOException("cannot serve the forks' secrets on " + socket + ": " + e.getMessage(), e);
        }
        SecretChannel c = new SecretChannel(socket, server, encode(secrets));
        Thread.ofPlatform().daemon(true).name("fiberbench-secrets").start(c::serve);
        return c;
    }

    /** {@code -Dproperty=socket}: how a fork learns where to read. The path is no secret. */
    public String jvmArg(String property) {
        return "-D" + property + "=" + socket;
    }

    public Path socket() {
        return socket;
    }

    private void serve() {
        while (server.isOpen()) {
            try (SocketChannel client = server.accept()) {
                ByteBuffer b = ByteBuffer.wrap(payload);
                while (b.hasRemaining()) {
                    client.write(b);
                }
            } catch (ClosedChannelException closed) {
                return;
            } catch (IOException e) {
                // that client went away early; the next one is served
            }
        }
    }

    /** In a fork: the secrets served on {@code socket}. */
    public static Map<String, String> fetch(Path socket) throws IOException {
        try (SocketChannel c = SocketChannel.open(UnixDomainSocketAddress.of(socket));
             InputStream in = Channels.newInputStream(c)) {
            Properties p = new Properties();
            p.load(new StringReader(new String(in.readAllBytes(), StandardCharsets.UTF_8)));
            Map<String, String> out = new LinkedHashMap<>();
            p.stringPropertyNames().forEach(k -> out.put(k, p.getProperty(k)));
            return out;
        } catch (IOException e) {
            throw new IOException("cannot read the secrets the fiberbench parent serves on " + socket
                    + " (has it ended?): " + e.getMessage(), e);
        }
    }

    private static byte[] encode(Map<String, String> secrets) throws IOException {
        Properties p = new Properties();
        secrets.forEach((k, v) -> {
            if (v != null) {
                p.setProperty(k, v);
            }
        });
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8)) {
            p.store(w, null);
        }
        return out.toByteArray();
    }

    /** Stops serving and removes the socket and its directory. */
    @Override
    public void close() throws IOException {
        server.close();
        Files.deleteIfExists(socket);
        SecretDirs.delete(socket.getParent());
    }
}
