package org.fiberbench.workload;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.fiberbench.spec.Spec;
import org.fiberbench.spec.SpecException;

/**
 * Seed 004's IO test: write "abcd" n times to a file of its own, n a seeded random value in the
 * task's range. Each write is a separate unbuffered {@code write(2)}, as the seed's loop of small
 * writes, so the task spends its time in system calls. The task then checks the file holds 4n
 * bytes and deletes it (inside the timed task, so a long run does not fill the disk); {@link
 * #close} removes the task directory and anything a failed task left. Files go to a fresh
 * directory under {@code dir} (the CLI's {@code --dir} arrives as this key, see {@link
 * FileWorkloadDefaults#withDirectory}; default: the JVM's temporary directory); each JVM that runs tasks — a fork or a process-pool worker — makes its own.
 */
final class FileWorkload implements Workload {
    static final String DEFAULT_RANGES = "0..1000,5000..6000,10000..11000";
    static final long MAX_WRITES = 10_000_000;
    private static final byte[] ABCD = "abcd".getBytes(StandardCharsets.US_ASCII);

    private final SeededRanges ranges;
    private final Path base;
    private final AtomicLong files = new AtomicLong();
    private volatile Path dir;

    FileWorkload(Spec s) {
        this.ranges = SeededRanges.parse(s, "writes", DEFAULT_RANGES, MAX_WRITES);
        this.base = directory(s);
    }

    static String canonical(Spec s) {
        Path d = directory(s);
        SeededRanges r = SeededRanges.parse(s, "writes", DEFAULT_RANGES, MAX_WRITES);
        return "file:writes=" + r + r.drawsSuffix()
                + (d == null ? "" : ",dir=" + d);
    }

    /** dir= when given; null means the JVM's temporary directory. */
    private static Path directory(Spec s) {
        if (!s.has("dir")) {
            return null;
        }
        Path d = Path.of(s.required("dir", "DIR (an existing writable directory)")).toAbsolutePath().normalize();
        if (!FileWorkloadDefaults.writable(d)) {
            throw new SpecException(s.where("dir") + ": '" + d + "' is not a writable directory; accepted: an existing directory you can write to");
        }
        return d;
    }

    @Override
    public String spec() {
        return "file:writes=" + ranges + ranges.drawsSuffix() + (base == null ? "" : ",dir=" + base);
    }

    @Override
    public void setUp() throws IOException {
        Path parent = base != null ? base : Path.of(System.getProperty("java.io.tmpdir"));
        dir = Files.createTempDirectory(parent, prefix(ProcessHandle.current().pid()));
        LeftBehind.watch(dir);
    }

    /** Task directories carry their JVM's PID, so the parent can find a dead worker's. */
    private static String prefix(long pid) {
        return "fiberbench-file-" + pid + "-";
    }

    @Override
    public void removeLeftoversOf(long pid) throws IOException {
        Path parent = base != null ? base : Path.of(System.getProperty("java.io.tmpdir"));
        try (Stream<Path> dirs = Files.list(parent)) {
            for (Path d : (Iterable<Path>) dirs::iterator) {
                if (d.getFileName().toString().startsWith(prefix(pid)) && Files.isDirectory(d)) {
                    remove(d);
                }
            }
        }
    }

    @Override
    public void run(long seq) throws IOException {
        long n = ranges.value(seq);
        Path f = dir.resolve("task-" + seq + "-" + files.incrementAndGet() + ".txt");
        try (OutputStream out = new FileOutputStream(f.toFile())) {
            for (long i = 0; i < n; i++) {
                out.write(ABCD);
            }
        }
        long size = Files.size(f);
        Files.delete(f);
        if (size != 4 * n) {
            throw new IllegalStateException("file task " + seq + " wrote " + size + " bytes, expected " + 4 * n);
        }
    }

    /** The task directory, for tests. */
    Path directory() {
        return dir;
    }

    @Override
    public void close() throws IOException {
        Path d = dir;
        if (d != null) {
            remove(d);
            LeftBehind.forget(d);
        }
    }

    /** Deletes a task directory and what is in it; a task still writing may add a file, so it tries again. */
    static void remove(Path d) throws IOException {
        for (int attempt = 0; Files.exists(d); attempt++) {
            try (Stream<Path> left = Files.list(d)) {
                for (Path p : (Iterable<Path>) left::iterator) {
                    Files.deleteIfExists(p);
                }
            }
            try {
                Files.deleteIfExists(d);
            } catch (java.nio.file.DirectoryNotEmptyException raced) {
                if (attempt == 10) {
                    throw raced;
                }
            }
        }
    }

    /**
     * Task directories of this JVM not closed yet, removed by a shutdown hook: a run stopped with
     * Ctrl-C or SIGTERM ends its forks and workers before their workloads are closed, and must
     * still leave no file behind. Thread-safe.
     */
    private static final class LeftBehind {
        private static final java.util.Set<Path> DIRS = java.util.concurrent.ConcurrentHashMap.newKeySet();
        private static final java.util.concurrent.atomic.AtomicBoolean HOOKED = new java.util.concurrent.atomic.AtomicBoolean();

        /** Watches {@code d}; when the JVM is already shutting down, removes it at once and refuses the task directory. */
        static void watch(Path d) throws IOException {
            DIRS.add(d);
            try {
                if (HOOKED.compareAndSet(false, true)) {
                    Runtime.getRuntime().addShutdownHook(new Thread(LeftBehind::removeAll, "fiberbench-file-cleanup"));
                }
            } catch (IllegalStateException shuttingDown) {
                DIRS.remove(d);
                remove(d);
                throw new IOException("the JVM is shutting down: no new task directory", shuttingDown);
            }
        }

        static void forget(Path d) {
            DIRS.remove(d);
        }

        private static void removeAll() {
            for (Path d : DIRS) {
                try {
                    remove(d);
                } catch (IOException | RuntimeException e) {
                    // the JVM is going away; nothing better to do than try the next one
                }
            }
        }
    }
}
