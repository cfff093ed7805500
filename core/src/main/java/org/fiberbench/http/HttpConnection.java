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
    private byte[] line = new byte[256];
    private int lineLen;
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
        out.write(request);
        out.flush();
        try {
            readLine(deadline);
        } catch (EOFException e) {
            throw new StaleConnection();
        }
        // headers are parsed as bytes, without a String per line: the generator must stay cheap per request
        if (lineLen < 12 || !startsWith("http/1.")) {
            throw new IOException("not an HTTP response: " + new String(line, 0, lineLen, StandardCharsets.ISO_8859_1));
        }
        int status = (int) number(9, 10);
        long length = -1;
        boolean chunked = false;
        boolean keepAlive = line[7] == '1';
        for (readLine(deadline); lineLen > 0; readLine(deadline)) {
            if (startsWith("content-length:")) {
                length = number(15, 10);
            } else if (startsWith("transfer-encoding:")) {
                chunked = contains("chunked");
            } else if (startsWith("connection:")) {
                keepAlive = !contains("close");
            }
        }
        int n;
        if (chunked) {
            n = readChunked(deadline, wantBody);
        } else if (length >= 0) {
            n = readBody(0, length, deadline, wantBody || status >= 300);
        } else {
            n = readToEnd(deadline);
            keepAlive = false;
        }
        return new Reply(status, wantBody || status >= 300 ? new String(body, 0, n, StandardCharsets.UTF_8) : null, keepAlive);
    }

    /** Reads {@code length} body bytes in bulk, appended after {@code start} when {@code keep}; returns the kept length. */
    private int readBody(int start, long length, long deadline, boolean keep) throws IOException {
        int n = start;
        for (long left = length; left > 0; ) {
            if (pos == lim) {
                fill(deadline);
            }
            int chunk = (int) Math.min(left, lim - pos);
            if (keep) {
                n = appendBulk(n, chunk);
            }
            pos += chunk;
            left -= chunk;
        }
        return n;
    }

    private int readChunked(long deadline, boolean keep) throws IOException {
        int n = 0;
        while (true) {
            readLine(deadline);
            long size = number(0, 16);
            if (size == 0) {
                for (readLine(deadline); lineLen > 0; readLine(deadline)) {
                    // trailers are ignored
                }
                return n;
            }
            n = readBody(n, size, deadline, keep);
            readLine(deadline);
        }
    }

    private int readToEnd(long deadline) throws IOException {
        int n = 0;
        while (true) {
            try {
                if (pos == lim) {
                    fill(deadline);
                }
            } catch (EOFException e) {
                return n;
            }
            int chunk = lim - pos;
            n = appendBulk(n, chunk);
            pos += chunk;
        }
    }

    /** Keeps the first 1 MiB of a body for the check; longer bodies are read and dropped. */
    private int appendBulk(int n, int len) {
        int room = (1 << 20) - n;
        int take = Math.min(room, len);
        if (take <= 0) {
            return n;
        }
        if (n + take > body.length) {
            body = Arrays.copyOf(body, Math.max(body.length * 2, n + take));
        }
        System.arraycopy(buf, pos, body, n, take);
        return n + take;
    }

    /** Reads one line (without CR LF) into {@code line[0..lineLen)}. */
    private void readLine(long deadline) throws IOException {
        lineLen = 0;
        while (true) {
            int b = read(deadline);
            if (b == '\n') {
                if (lineLen > 0 && line[lineLen - 1] == '\r') {
                    lineLen--;
                }
                return;
            }
            if (lineLen == line.length) {
                if (lineLen >= MAX_HEADER_LINE) {
                    throw new IOException("header line longer than " + MAX_HEADER_LINE + " bytes");
                }
                line = Arrays.copyOf(line, lineLen * 2);
            }
            line[lineLen++] = (byte) b;
        }
    }

    /** Whether the line starts with {@code lower} (ASCII, case-insensitive). */
    private boolean startsWith(String lower) {
        if (lineLen < lower.length()) {
            return false;
        }
        for (int i = 0; i < lower.length(); i++) {
            if (Character.toLowerCase((char) line[i]) != lower.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private boolean contains(String lower) {
        return new String(line, 0, lineLen, StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT).contains(lower);
    }

    /** The number at {@code from} (spaces skipped), in the radix; stops at the first non-digit. */
    private long number(int from, int radix) throws IOException {
        int i = from;
        while (i < lineLen && line[i] == ' ') {
            i++;
        }
        long v = 0;
        int digits = 0;
        for (; i < lineLen; i++, digits++) {
            int d = Character.digit(line[i], radix);
            if (d < 0) {
                break;
            }
            v = v * radix + d;
        }
        if (digits == 0) {
            throw new IOException("malformed number in: " + new String(line, 0, lineLen, StandardCharsets.ISO_8859_1));
        }
        return v;
    }

    private int read(long deadline) throws IOException {
        if (pos == lim) {
            fill(deadline);
        }
        return buf[pos++] & 0xff;
    }

    private void fill(long deadline) throws IOException {
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
        if (got < 0) {
            throw new EOFException("the server closed the connection");
        }
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
