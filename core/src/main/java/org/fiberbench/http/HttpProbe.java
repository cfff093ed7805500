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
        Outcome o = probe(target, client);
        if (!o.ok()) {
            throw new SpecException(o.problem());
        }
    }

    /**
     * The probe's outcome. {@code unreachable}: nothing answered (no connection, or no answer in
     * time) — the server is down, which a load command reports as a failed load rather than as bad
     * input; {@code problem} says what is wrong in one line, null when it answered 2xx.
     */
    public record Outcome(boolean ok, boolean unreachable, String problem) {
    }

    /** Sends the probe request and says what came back. */
    public static Outcome probe(HttpTarget target, HttpSender.Kind client) throws InterruptedException {
        HttpTarget t = target.timeout().compareTo(MIN_TIMEOUT) >= 0 ? target
                : new HttpTarget(target.uri(), target.user(), target.password(), MIN_TIMEOUT, target.expect());
        Response r;
        try (HttpSender s = HttpSender.create(client, t)) {
            r = s.send();
        }
        if (r.ok()) {
            return new Outcome(true, false, null);
        }
        return new Outcome(false, r.error().equals("connect") || r.error().equals("timeout"), problem(t, r));
    }

    private static String problem(HttpTarget t, Response r) {
        String url = t.uri().toString();
        String error = r.error();
        return switch (error) {
            case "connect" -> "cannot connect to " + url + " (" + r.detail() + "); is the server running on "
                    + t.uri().getHost() + ":" + t.port() + "?";
            case "timeout" -> url + " did not answer within " + Numbers.formatDuration(t.timeout()) + "; accepted: a server that answers (or a longer --timeout)";
            case "status_401", "status_403" -> url + " answered " + r.status() + (t.user() == null
                    ? ": it needs credentials; pass --user U --password P (fiberbench serve's defaults: hello/world)"
                    : ": wrong credentials for user '" + t.user() + "'");
            case "body" -> url + " answered without the expected text '" + t.expect() + "'";
            default -> error.startsWith("status_") ? url + " answered " + r.status() + ": " + firstLine(r.detail())
                    : "cannot reach " + url + ": " + r.detail();
        };
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
