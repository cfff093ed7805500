package org.fiberbench.http;

import java.time.Duration;
import org.fiberbench.spec.Numbers;
import org.fiberbench.spec.SpecException;

/**
 * One request before a load starts, so an unreachable server, a wrong path or wrong credentials
 * end the command with one line (exit 2) instead of a run full of errors.
 */
public final class HttpProbe {
    private HttpProbe() {
    }

    /**
     * The probe waits at least this long, whatever the load's per-request timeout: it asks whether the
     * server is there and lets us in, and a cold server's first answer may be slower than a tight
     * {@code --timeout} meant for the load.
     */
    static final Duration MIN_TIMEOUT = Duration.ofSeconds(10);

    /** Throws a {@link SpecException} that says what is wrong with the target; returns when it answers 2xx. */
    public static void check(HttpTarget target, HttpSender.Kind client) throws InterruptedException {
        HttpTarget t = target.timeout().compareTo(MIN_TIMEOUT) >= 0 ? target
                : new HttpTarget(target.uri(), target.user(), target.password(), MIN_TIMEOUT, target.expect());
        Response r;
        try (HttpSender s = HttpSender.create(client, t)) {
            r = s.send();
        }
        if (r.ok()) {
            return;
        }
        String url = t.uri().toString();
        String error = r.error();
        throw new SpecException(switch (error) {
            case "connect" -> "cannot connect to " + url + " (" + r.detail() + "); is the server running on "
                    + t.uri().getHost() + ":" + t.port() + "?";
            case "timeout" -> url + " did not answer within " + Numbers.formatDuration(t.timeout()) + "; accepted: a server that answers (or a longer --timeout)";
            case "status_401", "status_403" -> url + " answered " + r.status() + (t.user() == null
                    ? ": it needs credentials; pass --user U --password P (fiberbench serve's defaults: hello/world)"
                    : ": wrong credentials for user '" + t.user() + "'");
            case "body" -> url + " answered without the expected text '" + t.expect() + "'";
            default -> error.startsWith("status_") ? url + " answered " + r.status() + ": " + firstLine(r.detail())
                    : "cannot reach " + url + ": " + r.detail();
        });
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        String t = s.strip();
        int nl = t.indexOf('\n');
        return nl < 0 ? t : t.substring(0, nl);
    }
}
