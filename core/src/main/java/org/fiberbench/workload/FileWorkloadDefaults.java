package org.fiberbench.workload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fiberbench.spec.SpecException;

/**
 * The directory {@code file} workloads use when their spec has no {@code dir=}: set by the CLI's
 * {@code --dir} before specs are parsed. The resolved directory becomes part of the canonical
 * spec, so forks and workers, which parse that text again, use the same one.
 */
public final class FileWorkloadDefaults {
    private static volatile Path directory;

    private FileWorkloadDefaults() {
    }

    /** null restores the JVM's temporary directory; anything but a writable directory is refused. */
    public static void directory(Path dir) {
        if (dir != null && !writable(dir)) {
            throw new SpecException("--dir '" + dir + "' is not a writable directory; accepted: an existing directory you can write to");
        }
        directory = dir == null ? null : dir.toAbsolutePath().normalize();
    }

    static Path directory() {
        return directory;
    }

    /**
     * Whether a file can really be made in {@code dir}: tried, not guessed from permission bits,
     * which say yes to root everywhere, /proc and read-only mounts included.
     */
    static boolean writable(Path dir) {
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try {
            Files.delete(Files.createTempFile(dir, ".fiberbench-probe-", ".tmp"));
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
