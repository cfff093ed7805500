package org.fiberbench.workload;

import java.nio.file.Path;

/**
 * The directory {@code file} workloads use when their spec has no {@code dir=}: set by the CLI's
 * {@code --dir} before specs are parsed. The resolved directory becomes part of the canonical
 * spec, so forks and workers, which parse that text again, use the same one.
 */
public final class FileWorkloadDefaults {
    private static volatile Path directory;

    private FileWorkloadDefaults() {
    }

    /** null restores the JVM's temporary directory. */
    public static void directory(Path dir) {
        directory = dir;
    }

    static Path directory() {
        return directory;
    }
}
