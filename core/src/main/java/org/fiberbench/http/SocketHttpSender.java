package org.fiberbench.http;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Requests over plain blocking sockets, one request at a time per connection, connections kept
 * alive in an idle pool. Cheaper per request than the JDK client (no selector hand-off, no
 * futures), so the generator leaves more of a shared machine's CPU to the server it measures.
 * Thread-safe: a connection is owned by one caller between {@code poll} and {@code push}.
 */
final class SocketHttpSender implements HttpSender {
    private final HttpTarget target;
    private final InetSocketAddress address;
    private final byte[] request;
    private final ConcurrentLinkedDeque<HttpConnection> idle = new ConcurrentLinkedDeque<>();
    private final AtomicInteger open = new AtomicInteger();
    private volatile boolean closed;

    SocketHttpSender(HttpTarget target) {
        this.target = target;
        this.address = new InetSocketAddress(target.uri().getHost(), target.port());
        this.request = requestBytes(target);
    }

    /**
     * The GET request every connection sends, prepared once: the request line, {@code Host} and, with
     * credentials, {@code Authorization}, nothing more, as wrk sends. Each further header is parsed by
     * the server on every request: with {@code User-Agent} and {@code Accept} the server spent 13.3 µs of
     * CPU a request under {@code load} against 12.9 under wrk (2-core VM, {@code /thread/name}, 64
     * connections), and on one box that CPU is taken from the client's share.
     */
    static byte[] requestBytes(HttpTarget target) {
        StringBuilder sb = new StringBuilder().append("GET ").append(target.pathAndQuery()).append(" HTTP/1.1\r\n")
                .append("Host: ").append(target.uri().getRawAuthority()).append("\r\n");
        if (target.authorization() != null) {
            sb.append("Authorization: ").append(target.authorization()).append("\r\n");
        }
        return sb.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    @Override
    public Response send() throws InterruptedException {
        long deadline = System.nanoTime() + target.timeout().toNanos();
        HttpConnection c = idle.pollFirst();
        boolean reused = c != null;
        try {
            if (c == null) {
                c = connect(deadline);
            }
            HttpConnection.Reply reply = c.exchange(request, deadline, target.expect() != null);
            if (reply.keepAlive() && !closed) {
                idle.offerFirst(c);
            } else {
                discard(c);
            }
            return HttpSender.check(target, reply.status(), reply.body());
        } catch (IOException e) {
            discard(c);
            if (reused && e instanceof HttpConnection.StaleConnection) {
                // the server closed an idle keep-alive connection: retry once on a fresh one
                return sendFresh(deadline);
            }
            return failure(e, c == null);
        }
    }

    private Response sendFresh(long deadline) throws InterruptedException {
        HttpConnection c = null;
        try {
            c = connect(deadline);
            HttpConnection.Reply reply = c.exchange(request, deadline, target.expect() != null);
            if (reply.keepAlive() && !closed) {
                idle.offerFirst(c);
            } else {
                discard(c);
            }
            return HttpSender.check(target, reply.status(), reply.body());
        } catch (IOException e) {
            discard(c);
            return failure(e, c == null);
        }
    }

    private HttpConnection connect(long deadline) throws IOException {
        int ms = (int) Math.max(1, (deadline - System.nanoTime()) / 1_000_000);
        HttpConnection c = HttpConnection.open(address, ms);
        open.incrementAndGet();
        return c;
    }

    private void discard(HttpConnection c) {
        if (c != null) {
            c.close();
            open.decrementAndGet();
        }
    }

    private static Response failure(IOException e, boolean connecting) {
        if (e instanceof SocketTimeoutException) {
            return Response.failed(connecting ? "connect" : "timeout", e.getMessage());
        }
        if (connecting || e instanceof ConnectException || e instanceof NoRouteToHostException
                || e instanceof UnknownHostException) {
            return Response.failed("connect", e.toString());
        }
        return Response.failed("io", e.toString());
    }

    @Override
    public int openConnections() {
        return open.get();
    }

    @Override
    public void close() {
        closed = true;
        for (HttpConnection c; (c = idle.pollFirst()) != null; ) {
            discard(c);
        }
    }
}
