package org.fiberbench.http;

import java.util.Locale;
import org.fiberbench.spec.SpecException;

/**
 * Sends GET requests to one {@link HttpTarget} over keep-alive connections. Thread-safe: any number
 * of threads call {@link #send} at once. {@link #send} never throws for a failed request: the
 * failure is the {@link Response}'s error class.
 */
public interface HttpSender extends AutoCloseable {

    /** The two clients: the JDK's {@code java.net.http.HttpClient}, or one blocking socket per connection. */
    enum Kind {
        JDK, SOCKET;

        public static Kind of(String name) {
            for (Kind k : values()) {
                if (k.name().equalsIgnoreCase(name)) {
                    return k;
                }
            }
            throw new SpecException("unknown http client '" + name + "'; accepted: jdk, socket");
        }

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    Response send() throws InterruptedException;

    /** Connections open now (for the socket client; -1 when the client does not say). */
    int openConnections();

    @Override
    void close();

    static HttpSender create(Kind kind, HttpTarget target) {
        return kind == Kind.JDK ? new JdkHttpSender(target) : new SocketHttpSender(target);
    }

    /** Whether a 2xx body passes the target's check; the check runs outside the timed region's accounting. */
    static Response check(HttpTarget t, int status, String body) {
        if (status < 200 || status > 299) {
            return Response.status(status, body);
        }
        if (t.expect() != null && (body == null || !body.contains(t.expect()))) {
            return new Response(status, "body", body == null ? "" : body.strip());
        }
        return status == 200 ? Response.OK : new Response(status, null, null);
    }
}
