package org.fiberbench.http;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Closed-model users on non-blocking keep-alive connections, many per thread, as wrk runs them: one
 * selector wakes the thread for every connection whose response bytes arrived, so a request costs a
 * write, a read and a share of one {@code epoll_wait}, with no thread parked or woken per request.
 * Each user is one connection with up to {@code depth} requests outstanding (1: request → response →
 * next; more: pipelined, answered in order). Runs on the calling thread until the end, then lets the
 * requests in flight finish until the drain deadline. Not thread-safe: one thread calls {@link #run}.
 */
final class MultiplexedUsers {
    /** What becomes of each request; called on the loop's thread. */
    interface Outcomes {
        /** The user's request number {@code seq} (from 0, per user) was answered. */
        void response(int user, long seq, long sentAt, long doneAt, int status, String body);

        void error(String errorClass);

        /** A request went out. */
        default void sent() {
        }

        /** A user starts or stops sending (the interval lines' active users). */
        default void active(int delta) {
        }
    }

    private final InetSocketAddress address;
    private final byte[] request;
    private final HttpTarget target;
    private final boolean wantBody;
    private final int depth;
    private final Outcomes outcomes;
    private final Connection[] users;
    private final byte[] buf = new byte[64 * 1024];
    private final ByteBuffer in = ByteBuffer.wrap(buf);
    private final ByteBuffer out;
    private Selector selector;
    private long end;

    /**
     * @param startAts when each user starts ({@link System#nanoTime}); the length is the number of users
     * @param depth    requests each user keeps outstanding
     */
    MultiplexedUsers(HttpTarget target, byte[] request, long[] startAts, int depth, Outcomes outcomes) {
        if (depth < 1) {
            throw new IllegalArgumentException("depth " + depth + " must be >= 1");
        }
        this.target = target;
        this.address = new InetSocketAddress(target.uri().getHost(), target.port());
        this.request = request;
        this.out = ByteBuffer.wrap(request);
        this.wantBody = target.expect() != null;
        this.depth = depth;
        this.outcomes = outcomes;
        this.users = new Connection[startAts.length];
        for (int i = 0; i < users.length; i++) {
            users[i] = new Connection(i, startAts[i], depth, wantBody);
        }
    }

    /** Sends until {@code end} or {@code stopped}, then waits for answers until {@code drainUntil} (or stopped). */
    void run(long end, long drainUntil, BooleanSupplier stopped) throws IOException {
        this.end = end;
        try (Selector s = Selector.open()) {
            selector = s;
            Consumer<SelectionKey> onReady = key -> ready((Connection) key.attachment());
            long nextCheck = 0;
            while (!stopped.getAsBoolean()) {
                long now = System.nanoTime();
                boolean sending = now < end;
                if (!sending && (now >= drainUntil || inFlight() == 0)) {
                    break;
                }
                if (now >= nextCheck) {
                    nextCheck = now + 10_000_000;
                    tend(now, sending);
                }
                long waitMs = Math.max(1, Math.min(nextCheck - now, (sending ? end : drainUntil) - now) / 1_000_000);
                selector.select(onReady, waitMs);
            }
        } finally {
            for (Connection c : users) {
                c.close();
                stop(c);
            }
        }
    }

    private int inFlight() {
        int n = 0;
        for (Connection c : users) {
            n += c.outstanding;
        }
        return n;
    }

    /** Opens the connections of users whose start has come, and fails requests older than the timeout. */
    private void tend(long now, boolean sending) {
        long timeout = target.timeout().toNanos();
        for (Connection c : users) {
            if (c.outstanding > 0 && now - c.oldestSentAt() > timeout) {
                fail(c, "timeout");
            }
            if (c.channel == null && sending && now >= c.startAt && now >= c.retryAt) {
                if (!c.started) {
                    c.started = true;
                    outcomes.active(1);
                }
                open(c, now);
            }
        }
    }

    private void open(Connection c, long now) {
        try {
            int ms = (int) Math.max(1, target.timeout().toMillis());
            SocketChannel ch = SocketChannel.open();
            c.channel = ch;
            ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
            ch.socket().connect(address, ms);
            ch.configureBlocking(false);
            ch.register(selector, SelectionKey.OP_READ, c);
            c.answeredOnThis = 0;
            send(c, System.nanoTime());
        } catch (IOException e) {
            c.close();
            c.retryAt = now + 1_000_000; // no tight loop of refused connections
            outcomes.error("connect");
        }
    }

    /** Tops the user's pipeline up to {@code depth} requests. */
    private void send(Connection c, long now) throws IOException {
        while (c.outstanding < depth) {
            out.clear();
            long giveUp = 0;
            while (out.hasRemaining()) {
                if (c.channel.write(out) == 0) {
                    // a full socket buffer on a small request: the peer reads nothing; bounded wait
                    giveUp = giveUp == 0 ? System.nanoTime() + target.timeout().toNanos() : giveUp;
                    if (System.nanoTime() > giveUp) {
                        throw new SocketTimeoutException("the server reads no request");
                    }
                    Thread.onSpinWait();
                }
            }
            c.pushSent(now);
            outcomes.sent();
        }
    }

    private void ready(Connection c) {
        SocketChannel ch = c.channel;
        if (ch == null) {
            return;
        }
        try {
            int got = ch.read(in.clear());
            if (got < 0) {
                closed(c);
                return;
            }
            long now = System.nanoTime();
            // after a drop the user may be on a new connection: the rest of this read belonged to the old one
            for (int pos = 0; pos < got && c.channel == ch; ) {
                int at = c.parser.feed(buf, pos, got);
                if (at < 0) {
                    break;
                }
                pos = at;
                answered(c, now);
            }
        } catch (IOException e) {
            fail(c, "io");
        }
    }

    private void answered(Connection c, long now) throws IOException {
        long sentAt = c.popSent();
        c.answeredOnThis++;
        outcomes.response(c.index, c.answered++, sentAt, now, c.parser.status(), c.parser.body());
        if (!c.parser.keepAlive()) {
            drop(c);
        } else if (now < end) {
            send(c, now);
        } else {
            stopIfIdle(c);
        }
    }

    /** The server closed: ends a body read to the close, resends on a kept-alive connection it had dropped. */
    private void closed(Connection c) throws IOException {
        if (c.parser.endOfStream()) {
            long sentAt = c.popSent();
            outcomes.response(c.index, c.answered++, sentAt, System.nanoTime(), c.parser.status(), c.parser.body());
            drop(c);
        } else if (!c.parser.started() && c.answeredOnThis > 0) {
            c.requeueAll(); // an idle keep-alive connection the server had dropped: not an error, sent again
            drop(c);
        } else {
            fail(c, "io");
        }
    }

    /** Every request in flight on the connection fails with {@code errorClass}; the user reconnects. */
    private void fail(Connection c, String errorClass) {
        for (; c.outstanding > 0; c.popSent()) {
            c.answered++;
            outcomes.error(errorClass);
        }
        drop(c);
    }

    /** Closes the connection and, while the load lasts, opens the user's next one at once. */
    private void drop(Connection c) {
        c.close();
        c.parser = new ResponseParser(wantBody);
        c.outstanding = 0;
        c.retryAt = 0;
        long now = System.nanoTime();
        if (now < end) {
            open(c, now);
        } else {
            stop(c);
        }
    }

    private void stopIfIdle(Connection c) {
        if (c.outstanding == 0) {
            stop(c);
        }
    }

    private void stop(Connection c) {
        if (c.started) {
            c.started = false;
            outcomes.active(-1);
        }
    }

    /** One user: its connection, parser and the send times of its requests in flight, oldest first. */
    private static final class Connection {
        final int index;
        final long startAt;
        final long[] sentAts;
        ResponseParser parser;
        SocketChannel channel;
        boolean started;
        long retryAt;
        int head;
        int outstanding;
        long answered;
        long answeredOnThis;

        Connection(int index, long startAt, int depth, boolean wantBody) {
            this.index = index;
            this.startAt = startAt;
            this.sentAts = new long[depth];
            this.parser = new ResponseParser(wantBody);
        }

        void pushSent(long at) {
            sentAts[(head + outstanding) % sentAts.length] = at;
            outstanding++;
        }

        long popSent() {
            long at = sentAts[head];
            head = (head + 1) % sentAts.length;
            outstanding--;
            return at;
        }

        long oldestSentAt() {
            return sentAts[head];
        }

        /** The requests in flight are forgotten here and sent again on the next connection, as new requests. */
        void requeueAll() {
            outstanding = 0;
        }

        void close() {
            if (channel != null) {
                try {
                    channel.close();
                } catch (IOException e) {
                    // closing a broken connection: nothing to do
                }
                channel = null;
            }
        }
    }
}
