package org.fiberbench.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A lock the module's test JVMs share (surefire may run two at once): a file lock under target/, held
 * by one JVM at a time, for what the tests of both may not do together (the database users and their
 * sessions, the samples project's build directory). Not reentrant; one holder per name and JVM.
 */
public final class MachineLock implements AutoCloseable {
    private final FileChannel channel;
    private final FileLock lock;

    private MachineLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /** Waits for and takes the lock {@code name} (a file target/NAME.lock of this module). */
    public static MachineLock take(String name) {
        try {
            Path file = Files.createDirectories(Path.of("target").toAbsolutePath()).resolve(name + ".lock");
            FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            return new MachineLock(ch, ch.lock());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot take the test lock " + name, e);
        }
    }

    @Override
    public void close() {
        try {
            lock.release();
            channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
