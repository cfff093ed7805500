package org.fiberbench.workload.jdbc;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Objects;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * Where a database is and who connects: the JDBC URL, the user and the password. The password is
 * secret, and so is a URL that carries one ({@code ?password=...}): {@link #toString()} and
 * {@link #maskedUrl()} hide them, and a fork receives this record through a 0600 file named by the
 * system property {@value #PROPERTY}, so neither a command line ({@code ps}) nor {@code jvm_args}
 * nor JMH's log ever holds them.
 */
public record DbConnection(String url, String user, String password) {
    /** System property of a fork: the path of the file {@link #writeSecretFile()} made. */
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

    /** Writes this record to a new temporary file readable by its owner only; the caller deletes it. */
    public Path writeSecretFile() {
        try {
            Path f = FileSystems.getDefault().supportedFileAttributeViews().contains("posix")
                    ? Files.createTempFile("fiberbench-db-", ".properties",
                            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")))
                    : Files.createTempFile("fiberbench-db-", ".properties");
            f.toFile().deleteOnExit();
            Properties p = new Properties();
            p.setProperty("url", url);
            p.setProperty("user", user);
            p.setProperty("password", password);
            try (Writer w = Files.newBufferedWriter(f, StandardCharsets.UTF_8)) {
                p.store(w, null);
            }
            return f;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the connection file for the fork", e);
        }
    }

    /** Reads what {@link #writeSecretFile()} wrote. */
    public static DbConnection readSecretFile(Path f) throws IOException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(f, StandardCharsets.UTF_8)) {
            p.load(r);
        }
        return new DbConnection(p.getProperty("url"), p.getProperty("user"), p.getProperty("password"));
    }

    /** The connection a fork was given, or an IllegalStateException saying how to give one. */
    public static DbConnection fromSystemProperty() throws IOException {
        String path = System.getProperty(PROPERTY);
        if (path == null) {
            throw new IllegalStateException("the jdbc workload runs in a fork started by 'fiberbench run'"
                    + " (system property " + PROPERTY + " is not set)");
        }
        return readSecretFile(Path.of(path));
    }
}
