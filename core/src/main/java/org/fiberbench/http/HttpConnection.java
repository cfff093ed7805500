package org.fiberbench.http;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;

/**
 * One HTTP/1.1 client connection on a blocking socket: writes a prepared request, reads the status
 * line, headers and body (Content-Length, chunked, or until close). Not thread-safe: one owner at
 * a time. Every read is bounded by the request's deadline.
 */
final class HttpConnection implements AutoCloseable {
    private static final int MAX_HEADER_LINE = 16 * 1024;
    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final byte[] buf = new byte[16 * 1024];
    private int pos;
    private int lim;
    private byte[] body = new byte[1024];

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
        out.write(request);
        out.flush();
        String statusLine;
        try {
            statusLine = line(deadline);
        } catch (EOFException e) {
            throw new StaleConnection();
        }
        if (!statusLine.startsWith("HTTP/1.")) {
            throw new IOException("not an HTTP response: " + statusLine);
        }
        int status = Integer.parseInt(statusLine.substring(9, 12));
        long length = -1;
        boolean chunked = false;
        boolean keepAlive = statusLine.startsWith("HTTP/1.1");
        for (String h = line(deadline); !h.isEmpty(); h = line(deadline)) {
            int colon = h.indexOf(':');
            if (colon <= 0) {
                continue;
            }
            String name = h.substring(0, colon).trim().toLowerCase(Locale.ROOT);
            String value = h.substring(colon + 1).trim();
            switch (name) {
                case "content-length" -> length = Long.parseLong(value);
                case "transfer-encoding" -> chunked = value.toLowerCase(Locale.ROOT).contains("chunked");
                case "connection" -> keepAlive = !value.equalsIgnoreCase("close");
                default -> { }
            }
        }
        int n;
        if (chunked) {
            n = readChunked(deadline);
        } else if (length >= 0) {
            n = readBody(length, deadline);
        } else {
            n = readToEnd(deadline);
            keepAlive = false;
        }
        return new Reply(status, wantBody || status >= 300 ? new String(body, 0, n, StandardCharsets.UTF_8) : null, keepAlive);
    }

    private int readBody(long length, long deadline) throws IOException {
        int n = 0;
        for (long left = length; left > 0; left--) {
            n = append(n, read(deadline));
        }
        return n;
    }

    private int readChunked(long deadline) throws IOException {
        int n = 0;
        while (true) {
            String sizeLine = line(deadline);
            int semi = sizeLine.indexOf(';');
            long size = Long.parseLong((semi < 0 ? sizeLine : sizeLine.substring(0, semi)).trim(), 16);
            if (size == 0) {
                while (!line(deadline).isEmpty()) {
                    // trailers are ignored
                }
                return n;
            }
            for (long i = 0; i < size; i++) {
                n = append(n, read(deadline));
            }
            line(deadline);
        }
    }

    private int readToEnd(long deadline) throws IOException {
        int n = 0;
        while (true) {
            try {
                n = append(n, read(deadline));
            } catch (EOFException e) {
                return n;
            }
        }
    }

    /** Keeps the first 1 MiB of a body for the check; longer bodies are read and dropped. */
    private int append(int n, int b) {
        if (n == body.length) {
            if (n >= 1 << 20) {
                return n;
            }
            body = Arrays.copyOf(body, n * 2);
        }
        body[n] = (byte) b;
        return n + 1;
    }

    private String line(long deadline) throws IOException {
        StringBuilder sb = new StringBuilder(64);
        while (true) {
            int b = read(deadline);
            if (b == '\n') {
                int len = sb.length();
                return len > 0 && sb.charAt(len - 1) == '\r' ? sb.substring(0, len - 1) : sb.toString();
            }
            if (sb.length() > MAX_HEADER_LINE) {
                throw new IOException("header line longer than " + MAX_HEADER_LINE + " bytes");
            }
            sb.append((char) b);
        }
    }

    private int read(long deadline) throws IOException {
        if (pos == lim) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new SocketTimeoutException("no complete response before the request timeout");
            }
            socket.setSoTimeout((int) Math.max(1, left / 1_000_000));
            lim = in.read(buf);
            pos = 0;
            if (lim < 0) {
                lim = 0;
                throw new EOFException("the server closed the connection");
            }
        }
        return buf[pos++] & 0xff;
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
