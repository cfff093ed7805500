package org.fiberbench.http;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;

/**
 * An incremental HTTP/1.1 response reader: bytes go in as they arrive, in pieces of any size, and
 * {@link #feed} says where a whole response ended, so a read that holds the end of one response and
 * the start of the next (pipelining) is split correctly. Bodies by Content-Length, chunked, or up to
 * the close ({@link #endOfStream}). Headers are matched as bytes, without a String per line: the
 * generator must stay cheap per request. Not thread-safe: one owner (a connection) at a time.
 */
final class ResponseParser {
    private static final int MAX_LINE = 16 * 1024;
    /** The first 1 MiB of a kept body is kept; the rest is read and dropped. */
    private static final int MAX_KEPT = 1 << 20;

    private enum State { STATUS, HEADERS, LENGTH, CHUNK_SIZE, CHUNK, CHUNK_END, TRAILERS, TO_CLOSE }

    private final boolean wantBody;
    private State state = State.STATUS;
    private byte[] line = new byte[256];
    private int lineLen;
    private boolean started;
    private int status;
    private long length;
    private boolean chunked;
    private boolean keepAlive;
    private boolean keep;
    private long left;
    private byte[] body = new byte[1024];
    private int bodyLen;

    /** @param wantBody keep every body (for a body check); error bodies (status >= 300) are kept anyway */
    ResponseParser(boolean wantBody) {
        this.wantBody = wantBody;
    }

    /**
     * Reads {@code buf[pos..lim)}; returns the index just after the response's last byte when it is
     * complete (its figures are then readable until the next call), or -1 when every byte was taken
     * and the response goes on.
     */
    int feed(byte[] buf, int pos, int lim) throws IOException {
        while (pos < lim) {
            started = true;
            switch (state) {
                case LENGTH, CHUNK -> {
                    int n = (int) Math.min(left, lim - pos);
                    if (keep) {
                        append(buf, pos, n);
                    }
                    pos += n;
                    left -= n;
                    if (left == 0 && (state == State.CHUNK ? next(State.CHUNK_END) : finish())) {
                        return pos;
                    }
                }
                case TO_CLOSE -> {
                    append(buf, pos, lim - pos);
                    pos = lim;
                }
                default -> {
                    int nl = indexOf(buf, pos, lim);
                    appendLine(buf, pos, nl < 0 ? lim : nl);
                    if (nl < 0) {
                        return -1;
                    }
                    pos = nl + 1;
                    if (lineLen > 0 && line[lineLen - 1] == '\r') {
                        lineLen--;
                    }
                    boolean done = onLine();
                    lineLen = 0;
                    if (done) {
                        return pos;
                    }
                }
            }
        }
        return -1;
    }

    /** The peer closed: true when that ends a body read up to the close; false when a response was cut off. */
    boolean endOfStream() {
        if (state == State.TO_CLOSE) {
            return finish();
        }
        return false;
    }

    /** Whether any byte of the response now being read has arrived. */
    boolean started() {
        return started;
    }

    int status() {
        return status;
    }

    boolean keepAlive() {
        return keepAlive;
    }

    /** The kept body, or null when it was not kept. */
    String body() {
        return keep ? new String(body, 0, bodyLen, StandardCharsets.UTF_8) : null;
    }

    private boolean next(State s) {
        state = s;
        return false;
    }

    /** The response is whole: the next byte starts the next one. */
    private boolean finish() {
        state = State.STATUS;
        started = false;
        return true;
    }

    private boolean onLine() throws IOException {
        switch (state) {
            case STATUS -> statusLine();
            case HEADERS -> {
                return lineLen == 0 ? endOfHeaders() : header();
            }
            case CHUNK_SIZE -> {
                left = number(0, 16);
                return left == 0 ? next(State.TRAILERS) : next(State.CHUNK);
            }
            case CHUNK_END -> {
                if (lineLen != 0) {
                    throw new IOException("chunk not followed by CR LF");
                }
                return next(State.CHUNK_SIZE);
            }
            case TRAILERS -> {
                return lineLen == 0 && finish();
            }
            default -> throw new IllegalStateException(state.name());
        }
        return false;
    }

    private void statusLine() throws IOException {
        if (lineLen < 12 || !startsWith("http/1.")) {
            throw new IOException("not an HTTP response: " + new String(line, 0, lineLen, StandardCharsets.ISO_8859_1));
        }
        status = (int) number(9, 10);
        keepAlive = line[7] == '1';
        length = -1;
        chunked = false;
        keep = wantBody || status >= 300;
        bodyLen = 0;
        state = State.HEADERS;
    }

    private boolean header() throws IOException {
        if (startsWith("content-length:")) {
            length = number(15, 10);
        } else if (startsWith("transfer-encoding:")) {
            chunked = contains("chunked");
        } else if (startsWith("connection:")) {
            keepAlive = !contains("close");
        }
        return false;
    }

    private boolean endOfHeaders() {
        if (status / 100 == 1) {
            return next(State.STATUS); // an interim 100 Continue: the real response follows
        }
        if (status == 204 || status == 304) {
            return finish();
        }
        if (chunked) {
            return next(State.CHUNK_SIZE);
        }
        if (length >= 0) {
            left = length;
            return length == 0 ? finish() : next(State.LENGTH);
        }
        keepAlive = false;
        return next(State.TO_CLOSE);
    }

    private static int indexOf(byte[] buf, int from, int lim) {
        for (int i = from; i < lim; i++) {
            if (buf[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    private void appendLine(byte[] buf, int from, int to) throws IOException {
        int n = to - from;
        if (lineLen + n > line.length) {
            if (lineLen + n > MAX_LINE) {
                throw new IOException("header line longer than " + MAX_LINE + " bytes");
            }
            line = Arrays.copyOf(line, Math.max(line.length * 2, lineLen + n));
        }
        System.arraycopy(buf, from, line, lineLen, n);
        lineLen += n;
    }

    private void append(byte[] buf, int from, int n) {
        int take = Math.min(MAX_KEPT - bodyLen, n);
        if (take <= 0) {
            return;
        }
        if (bodyLen + take > body.length) {
            body = Arrays.copyOf(body, Math.max(body.length * 2, bodyLen + take));
        }
        System.arraycopy(buf, from, body, bodyLen, take);
        bodyLen += take;
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
}
