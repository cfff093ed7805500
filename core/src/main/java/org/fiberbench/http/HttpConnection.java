package org.fiberbench.http;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;

/**
 * One HTTP/1.1 client connection on a blocking socket: writes a prepared request and reads the
 * reply with a {@link ResponseParser}. Not thread-safe: one owner at a time. Every read is bounded
 * by the request's deadline.
 */
final class HttpConnection implements AutoCloseable {
    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final byte[] buf = new byte[16 * 1024];
    private int pos;
    private int lim;
    private ResponseParser parser;
    private int soTimeout = -1;

    /** The server closed the connection before answering: a kept-alive connection it had already dropped. */
    static final class StaleConnection extends EOFException {
        StaleConnection() {
            super("the server closed the connection before answering");
        }
    }

    record Reply(int status, String body, boolean keepAlive) {
    }

    private HttpConnection(Socket socket) throws IOException {
        this.socket = socket;
        this.in = socket.getInputStream();
        this.out = socket.getOutputStream();
    }

    static HttpConnection open(InetSocketAddress address, int timeoutMs) throws IOException {
        Socket s = new Socket();
        try {
            s.setTcpNoDelay(true);
            s.connect(address, timeoutMs);
            return new HttpConnection(s);
        } catch (IOException e) {
            s.close();
            throw e;
        }
    }

    /** Sends the request and reads the whole reply; the body is decoded only when {@code wantBody}. */
    Reply exchange(byte[] request, long deadline, boolean wantBody) throws IOException {
        if (parser == null) {
            parser = new ResponseParser(wantBody);
        }
        out.write(request);
        out.flush();
        while (true) {
            if (pos == lim && !fill(deadline)) {
                if (parser.endOfStream()) {
                    return new Reply(parser.status(), parser.body(), false);
                }
                throw parser.started() ? new EOFException("the server closed the connection") : new StaleConnection();
            }
            int end = parser.feed(buf, pos, lim);
            if (end >= 0) {
                pos = end;
                return new Reply(parser.status(), parser.body(), parser.keepAlive());
            }
            pos = lim;
        }
    }

    /** Reads more bytes; false at the end of the stream. */
    private boolean fill(long deadline) throws IOException {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
            throw new SocketTimeoutException("no complete response before the request timeout");
        }
        int ms = (int) Math.max(1, left / 1_000_000);
        if (ms != soTimeout) {
            socket.setSoTimeout(ms);
            soTimeout = ms;
        }
        int got = in.read(buf);
        pos = 0;
        lim = Math.max(0, got);
        return got >= 0;
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            // closing a broken connection: nothing to do
        }
    }
}
