package org.fiberbench.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The generator's connections under pipelined keep-alive: a real server on loopback answers each
 * request with its number on the connection, as Content-Length and chunked bodies in turn, its bytes
 * cut at random points into several writes and several responses packed into one write; every
 * response must reach the request it answers.
 */
class PipelinedMatchingTest {
    private ServerSocket listener;
    /** Each connection answers one request with Connection: close, then closes. */
    private volatile boolean closeEach;
    private final List<Socket> accepted = new ArrayList<>();

    @BeforeEach
    void serve() throws IOException {
        listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofPlatform().daemon().start(this::accept);
    }

    @AfterEach
    void stop() throws IOException {
        listener.close();
        synchronized (accepted) {
            for (Socket s : accepted) {
                s.close();
            }
        }
    }

    @Test
    void everyPipelinedResponseMatchesItsRequest() throws Exception {
        ConcurrentLinkedQueue<String> mismatches = new ConcurrentLinkedQueue<>();
        AtomicLong answered = new AtomicLong();
        AtomicLong errors = new AtomicLong();
        MultiplexedUsers.Outcomes check = new MultiplexedUsers.Outcomes() {
            @Override
            public void response(int user, long seq, long sentAt, long doneAt, int status, String body) {
                answered.incrementAndGet();
                if (status != 200 || !Long.toString(seq).equals(body) || doneAt < sentAt) {
                    mismatches.add("user " + user + " request " + seq + " got " + status + " '" + body + "'");
                }
            }

            @Override
            public void error(String errorClass) {
                errors.incrementAndGet();
            }
        };
        HttpTarget t = HttpTarget.of("http://127.0.0.1:" + listener.getLocalPort() + "/id", null, null,
                Duration.ofSeconds(5), "");
        HttpTarget wantBody = new HttpTarget(t.uri(), null, null, t.timeout(), "any");
        long now = System.nanoTime();
        MultiplexedUsers users = new MultiplexedUsers(wantBody, SocketHttpSender.requestBytes(t), new long[] {now, now, now}, 4, check);
        users.run(now + 400_000_000L, now + 3_000_000_000L, () -> false);
        assertEquals(List.of(), List.copyOf(mismatches).subList(0, Math.min(5, mismatches.size())));
        assertEquals(0, errors.get(), "errors");
        assertTrue(answered.get() > 100, "only " + answered.get() + " responses");
    }

    @Test
    void aServerThatClosesAfterEachResponseGetsANewConnectionEachTime() throws Exception {
        closeEach = true;
        AtomicLong ok = new AtomicLong();
        AtomicLong errors = new AtomicLong();
        MultiplexedUsers.Outcomes count = new MultiplexedUsers.Outcomes() {
            @Override
            public void response(int user, long seq, long sentAt, long doneAt, int status, String body) {
                (status == 200 && "closing".equals(body) ? ok : errors).incrementAndGet();
            }

            @Override
            public void error(String errorClass) {
                errors.incrementAndGet();
            }
        };
        HttpTarget t = HttpTarget.of("http://127.0.0.1:" + listener.getLocalPort() + "/", null, null, Duration.ofSeconds(5), "closing");
        long now = System.nanoTime();
        new MultiplexedUsers(t, SocketHttpSender.requestBytes(t), new long[] {now, now}, 1, count)
                .run(now + 300_000_000L, now + 3_000_000_000L, () -> false);
        assertEquals(0, errors.get(), "errors");
        assertTrue(ok.get() > 10, "only " + ok.get() + " responses");
    }

    @Test
    void responsesCutAtEveryByteAreReadWhole() throws IOException {
        byte[] stream = new ByteArrayOutputStream() {{
                writeBytes(response(10));
                writeBytes(response(11));
                writeBytes("HTTP/1.1 204 No Content\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            }}.toByteArray();
        for (int cut = 1; cut < stream.length; cut++) {
            ResponseParser p = new ResponseParser(true);
            List<String> bodies = new ArrayList<>();
            int pos = 0;
            for (int lim : new int[] {cut, stream.length}) {
                for (int at; pos < lim && (at = p.feed(stream, pos, lim)) >= 0; pos = at) {
                    bodies.add(p.status() + ":" + p.body());
                }
                pos = lim;
            }
            assertEquals(List.of("200:10", "200:11", "204:"), bodies, "cut at byte " + cut);
        }
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket s = listener.accept();
                s.setTcpNoDelay(true);
                synchronized (accepted) {
                    accepted.add(s);
                }
                Thread.ofPlatform().daemon().start(() -> {
                    if (closeEach) {
                        answerOnceAndClose(s);
                    } else {
                        answer(s);
                    }
                });
            } catch (IOException e) {
                return;
            }
        }
    }

    /** Reads one request, answers it with a body read up to the close. */
    private static void answerOnceAndClose(Socket s) {
        try (s; InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
            byte[] buf = new byte[8192];
            in.read(buf);
            out.write("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\nclosing".getBytes(StandardCharsets.ISO_8859_1));
        } catch (IOException e) {
            // the client closed first: nothing to answer
        }
    }

    /** Answers every whole request read so far, with its number, in one packed burst cut into random writes. */
    private static void answer(Socket s) {
        Random random = new Random(s.getPort());
        try (s; InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
            byte[] buf = new byte[8192];
            long seq = 0;
            int matched = 0;
            for (int n; (n = in.read(buf)) > 0; ) {
                ByteArrayOutputStream burst = new ByteArrayOutputStream();
                for (int i = 0; i < n; i++) {
                    matched = buf[i] == "\r\n\r\n".charAt(matched) ? matched + 1 : buf[i] == '\r' ? 1 : 0;
                    if (matched == 4) {
                        matched = 0;
                        burst.writeBytes(response(seq++));
                    }
                }
                write(out, burst.toByteArray(), random);
            }
        } catch (IOException e) {
            // the client closed: this connection is done
        }
    }

    private static byte[] response(long seq) {
        String body = Long.toString(seq);
        String r = seq % 2 == 0
                ? "HTTP/1.1 200 OK\r\nContent-Length: " + body.length() + "\r\nX-Seq: " + seq + "\r\n\r\n" + body
                : "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\r\n" + body.charAt(0) + "\r\n"
                        + (body.length() > 1 ? Integer.toHexString(body.length() - 1) + "\r\n" + body.substring(1) + "\r\n" : "")
                        + "0\r\n\r\n";
        return r.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static void write(OutputStream out, byte[] b, Random random) throws IOException {
        for (int at = 0; at < b.length; ) {
            int n = Math.min(b.length - at, 1 + random.nextInt(40));
            out.write(b, at, n);
            out.flush();
            at += n;
        }
    }
}
