package org.fiberbench.engine;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.fiberbench.fork.JavaCommand;

/**
 * The temporary directory of one fiberbench process tree. The launcher starts the CLI with
 * {@code -Djava.io.tmpdir=/tmp/fiberbench-tmp-<pid>-XXXXXX} (made by mktemp, owner only), so
 * what JMH, the forks and their workloads put in "the temp directory" lands there: JMH's fork
 * output and compiler-hint files, the {@code file} workload's task directories, the database
 * hand-off file. The directory is removed when the CLI exits, and, when the CLI was killed
 * outright ({@code kill -9}), by the next fiberbench that starts. JMH's lock file stays in the
 * shared temp directory, so runs still wait for each other.
 */
public final class RunTempDir {
    /** Directory names: the launcher's pid (= the CLI JVM's, since it execs java), then mktemp's suffix. */
    private static final Pattern NAME = Pattern.compile("fiberbench-tmp-(\\d+)-[A-Za-z0-9]+");
    private static final long WAIT_FOR_FORKS_S = 8;

    private RunTempDir() {
    }

    /**
     * Called first by the CLI: when java.io.tmpdir is this process's own directory, takes charge
     * of it (removed at exit), points the java.io.tmpdir property back at the shared directory
     * for JMH's lock file, and removes the directories of fiberbench processes that no longer run.
     * Otherwise (tests, a fork, {@code java -jar} by hand) does nothing.
     */
    public static void adopt() {
        Path dir = Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath().normalize();
        if (pidOf(dir) != ProcessHandle.current().pid() || !Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        JavaCommand.treeTempDir(dir);
        // read when JMH's Runner class loads (after this): the lock must be the one every JMH shares
        System.setProperty("java.io.tmpdir", dir.getParent().toString());
        Runtime.getRuntime().addShutdownHook(new Thread(() -> removeAfterForks(dir), "fiberbench-tmp-cleanup"));
        sweep(dir.getParent());
    }

    /** The {@code -Djava.io.tmpdir} a child process gets: this process tree's directory. */
    public static String forkArg() {
        return JavaCommand.tempDirArg();
    }

    /** The pid in a directory name of ours, or -1. */
    static long pidOf(Path dir) {
        Path name = dir.getFileName();
        Matcher m = name == null ? null : NAME.matcher(name.toString());
        return m != null && m.matches() ? Long.parseLong(m.group(1)) : -1;
    }

    /** Removes the directories left by fiberbench processes that died without cleaning up. */
    static void sweep(Path shared) {
        try (Stream<Path> all = Files.list(shared)) {
            for (Path d : all.toList()) {
                long pid = pidOf(d);
                if (pid > 0 && ProcessHandle.of(pid).isEmpty() && Files.isDirectory(d, LinkOption.NOFOLLOW_LINKS)) {
                    delete(d);
                }
            }
        } catch (IOException | RuntimeException e) {
            // an unreadable temp directory: nothing of ours to sweep there
        }
    }

    /** Forks being ended at the same time (Ctrl-C) still write here: their exit comes first. */
    private static void removeAfterForks(Path dir) {
        List<ProcessHandle> children = ProcessHandle.current().descendants().toList();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_FOR_FORKS_S);
        for (ProcessHandle p : children) {
            try {
                p.onExit().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (Exception e) {
                break; // out of time or interrupted: remove what can be removed now
            }
        }
        delete(dir);
    }

    /** Deletes a tree without following links; what cannot be deleted stays, for the next sweep. */
    static void delete(Path root) {
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    quietly(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path d, IOException e) {
                    quietly(d);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException | RuntimeException e) {
            // best effort, as above
        }
    }

    private static void quietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException | RuntimeException e) {
            // a file still open elsewhere or not ours: left for the next sweep
        }
    }
}
