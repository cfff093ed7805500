package org.fiberbench.http;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Locale;
import org.fiberbench.spec.Numbers;
import org.fiberbench.spec.SpecException;

/**
 * One URL to request, with its credentials, per-request timeout and body check.
 *
 * @param uri      an absolute {@code http://} URL
 * @param user     basic-auth user, or null
 * @param password basic-auth password, or null
 * @param timeout  a request not answered within this is a {@code timeout} error
 * @param expect   text the body must contain (null: any body); a response without it is a {@code body} error
 */
public record HttpTarget(URI uri, String user, String password, Duration timeout, String expect) {
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

    public HttpTarget {
        if (uri == null || !"http".equals(uri.getScheme()) || uri.getHost() == null) {
            throw new SpecException("bad URL '" + uri + "'; accepted: http://HOST[:PORT]/PATH (plain http, absolute)");
        }
        if ((user == null) != (password == null)) {
            throw new SpecException("--user and --password go together");
        }
        if (timeout == null || timeout.isZero() || timeout.isNegative()) {
            throw new SpecException("timeout " + timeout + " must be > 0; accepted: a duration like 5s");
        }
        if (expect != null && expect.isEmpty()) {
            expect = null;
        }
    }

    /** Parses a URL the user typed; the message names it when it is not an absolute http URL. */
    public static URI parseUrl(String text) {
        try {
            URI u = new URI(text.trim());
            if (u.getScheme() == null || !u.getScheme().toLowerCase(Locale.ROOT).equals("http") || u.getHost() == null) {
                throw new SpecException("bad URL '" + text + "'; accepted: http://HOST[:PORT]/PATH (plain http, absolute)");
            }
            if (u.getRawUserInfo() != null) {
                // it would be stored and printed wherever the URL is: credentials go where they are masked
                throw new SpecException("URL '" + text.replace(u.getRawUserInfo(), "***") + "' carries credentials;"
                        + " accepted: a URL without USER:PASSWORD@, with user=U,password=P (http: workload)"
                        + " or --user with --password-env/--password-file (load)");
            }
            return u;
        } catch (URISyntaxException e) {
            throw new SpecException("bad URL '" + text + "': " + e.getReason()
                    + "; accepted: http://HOST[:PORT]/PATH (plain http, absolute)");
        }
    }

    public static HttpTarget of(String url, String user, String password, Duration timeout, String expect) {
        return new HttpTarget(parseUrl(url), user, password, timeout, expect);
    }

    public int port() {
        return uri.getPort() < 0 ? 80 : uri.getPort();
    }

    /** {@code /path?query}, as sent on the request line. */
    public String pathAndQuery() {
        String p = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        return uri.getRawQuery() == null ? p : p + "?" + uri.getRawQuery();
    }

    /** {@code Basic base64(user:password)}, or null without credentials. */
    public String authorization() {
        return user == null ? null : "Basic " + Base64.getEncoder()
                .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    public String describe() {
        return uri + (user != null ? " (user " + user + ")" : "") + ", timeout " + Numbers.formatDuration(timeout);
    }
}
