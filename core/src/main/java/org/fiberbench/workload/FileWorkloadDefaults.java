package org.fiberbench.workload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.fiberbench.spec.Spec;
import org.fiberbench.spec.SpecException;

/**
 * The directory {@code file} workloads use when their spec has no {@code dir=}: the CLI's
 * {@code --dir}, given to each planned file workload as its {@code dir=} ({@link #withDirectory}).
 * The directory is then part of the canonical spec, so forks and workers, which parse that text
 * again, use the same one; nothing is kept here between runs.
 */
public final class FileWorkloadDefaults {

    private FileWorkloadDefaults() {
    }

    /**
     * {@code dir} made absolute, or null (the JVM's temporary directory) for null; anything but a
     * writable directory is refused with a message naming {@code --dir}.
     */
    public static Path directory(Path dir) {
        if (dir != null && !writable(dir)) {
            throw new SpecException("--dir '" + dir + "' is not a writable directory; accepted: an existing directory you can write to");
        }
        return dir == null ? null : dir.toAbsolutePath().normalize();
    }

    /** {@code w} with {@code dir=} set to {@code dir} when it is a file workload without one; else {@code w}. */
    public static WorkloadSpec withDirectory(WorkloadSpec w, Path dir) {
        if (dir == null || !w.kind().id().equals("file") || w.spec().has("dir")) {
            return w;
        }
        Map<String, String> params = new LinkedHashMap<>(w.spec().params());
        params.put("dir", directory(dir).toString());
        Spec s = new Spec(w.spec().family(), w.spec().kind(), params);
        return new WorkloadSpec(w.kind(), w.kind().validate(s), s);
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
