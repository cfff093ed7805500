package org.fiberbench.secret;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The directories {@link SecretChannel} puts its sockets in: {@code <tmp>/fiberbench-secrets-<pid>-<random>},
 * made fresh (so nobody can have made it first) with mode 0700. The first channel of a JVM sweeps
 * away those of this user whose process has died (a {@code kill -9} gives no chance to clean up).
 */
final class SecretDirs {
    static final String PREFIX = "fiberbench-secrets-";
    private static final Pattern NAME = Pattern.compile(Pattern.quote(PREFIX) + "(\\d+)-.*");
    private static final AtomicBoolean SWEPT = new AtomicBoolean();

    private SecretDirs() {
    }

    static Path create() throws IOException {
        if (SWEPT.compareAndSet(false, true)) {
            sweep(tmp());
        }
        String prefix = PREFIX + ProcessHandle.current().pid() + "-";
        return FileSystems.getDefault().supportedFileAttributeViews().contains("posix")
                ? Files.createTempDirectory(tmp(), prefix, PosixFilePermissions.asFileAttribute(
                        PosixFilePermissions.fromString("rwx------")))
                : Files.createTempDirectory(tmp(), prefix);
    }

    private static Path tmp() {
        return Path.of(System.getProperty("java.io.tmpdir"));
    }

    /** Removes this user's secret directories in {@code tmp} whose owning process no longer runs. */
    static void sweep(Path tmp) {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(tmp, PREFIX + "*")) {
            for (Path d : entries) {
                Matcher m = NAME.matcher(d.getFileName().toString());
                if (m.matches() && ProcessHandle.of(Long.parseLong(m.group(1))).isEmpty() && ownedByMe(d)) {
                    delete(d);
                }
            }
        } catch (IOException | RuntimeException e) {
            // a sweep is housekeeping: what it cannot remove now, a later start will
        }
    }

    private static boolean ownedByMe(Path d) throws IOException {
        return Files.getOwner(d).getName().equals(System.getProperty("user.name"));
    }

    static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
