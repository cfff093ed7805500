package org.fiberbench.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP proxy on loopback in front of a real server, for tests: {@link #kill} makes the server
 * vanish as a crash or a network cut would (listener closed, every connection reset).
 */
final class TcpProxy implements AutoCloseable {
    private final ServerSocket listener;
    private final int upstreamPort;
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
    private volatile boolean killed;

    private TcpProxy(int upstreamPort) throws IOException {
        this.listener = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
        this.upstreamPort = upstreamPort;
        Thread.ofPlatform().daemon(true).name("tcp-proxy-accept").start(this::accept);
    }

    /** A proxy to 127.0.0.1:{@code upstreamPort}. */
    static TcpProxy to(int upstreamPort) throws IOException {
        return new TcpProxy(upstreamPort);
    }

    int port() {
        return listener.getLocalPort();
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                Socket server = new Socket(InetAddress.getLoopbackAddress(), upstreamPort);
                sockets.add(client);
                sockets.add(server);
                if (killed) { // accepted just as kill() ran: gone with the rest
                    kill();
                    return;
                }
                pipe(client, server);
                pipe(server, client);
            } catch (IOException e) {
                // closed by kill(), or the upstream refused: the client sees its connection end
            }
        }
    }

    private void pipe(Socket from, Socket to) {
        Thread.ofVirtual().start(() -> {
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                in.transferTo(out);
            } catch (IOException e) {
                // one side went away: close both below
            } finally {
                closeQuietly(from);
                closeQuietly(to);
            }
        });
    }

    /** Stops listening and resets every open connection (SO_LINGER 0: an RST, not a polite FIN). */
    int kill() {
        killed = true;
        closeQuietly(listener);
        int n = 0;
        for (Socket s : sockets) {
            try {
                s.setSoLinger(true, 0);
            } catch (IOException e) {
                // already closed
            }
            closeQuietly(s);
            n++;
        }
        sockets.clear();
        return n;
    }

    @Override
    public void close() {
        kill();
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception e) {
            // nothing more to do
        }
    }
}
