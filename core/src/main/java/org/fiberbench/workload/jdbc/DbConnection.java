package org.fiberbench.workload.jdbc;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import org.fiberbench.secret.SecretChannel;

/**
 * Where a database is and who connects: the JDBC URL, the user and the password. The password is
 * secret, and so is a URL that carries one ({@code ?password=...}): {@link #toString()} and
 * {@link #maskedUrl()} hide them, and a fork receives this record from its parent through a
 * {@link SecretChannel} whose socket the system property {@value #PROPERTY} names, so no command
 * line ({@code ps}), {@code jvm_args}, JMH log or file ever holds them.
 */
public record DbConnection(String url, String user, String password) {
    /** System property of a fork: the socket of the {@link SecretChannel} serving {@link #secrets()}. */
    public static final String PROPERTY = "fiberbench.db.connection";
    private static final String MASK = "***";
    private static final Pattern URL_SECRET = Pattern.compile("(?i)((?:password|pwd)=)[^&;]*");
    private static final Pattern URL_USERINFO = Pattern.compile("(//[^/:@]*:)[^/@]*@");

    public DbConnection {
        Objects.requireNonNull(url);
        Dialect.of(url);
        user = user == null ? "" : user;
        password = password == null ? "" : password;
    }

    public Dialect dialect() {
        return Dialect.of(url);
    }

    /** The URL with any password in it replaced by {@code ***}: safe for output and results. */
    public String maskedUrl() {
        return maskUrl(url);
    }

    /** Any URL-like text with its secrets masked: also for a URL too wrong to make a record of. */
    static String maskUrl(String url) {
        return URL_USERINFO.matcher(URL_SECRET.matcher(url).replaceAll("$1" + MASK)).replaceAll("$1" + MASK + "@");
    }

    /** {@code text} with every occurrence of the password replaced: for driver messages written to results. */
    public String mask(String text) {
        if (text == null) {
            return null;
        }
        String out = password.isEmpty() ? text : text.replace(password, MASK);
        return url.equals(maskedUrl()) ? out : out.replace(url, maskedUrl());
    }

    @Override
    public String toString() {
        return maskedUrl() + " (user '" + user + "')";
    }

    /** The record as {@link SecretChannel} serves it to a fork. */
    public Map<String, String> secrets() {
        return Map.of("url", url, "user", user, "password", password);
    }

    /** The connection a fork was given, or an IllegalStateException saying how to give one. */
    public static DbConnection fromSystemProperty() throws IOException {
        String socket = System.getProperty(PROPERTY);
        if (socket == null) {
            throw new IllegalStateException("the jdbc workload runs in a fork started by 'fiberbench run'"
                    + " (system property " + PROPERTY + " is not set)");
        }
        Map<String, String> p = SecretChannel.fetch(Path.of(socket));
        return new DbConnection(p.get("url"), p.get("user"), p.get("password"));
    }
}
