package org.fiberbench.orderbook;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes a file through a temporary sibling and a rename, so that a failure half-way (bad input,
 * a full disk, an interrupt) never leaves a partial file under the final name.
 */
public final class AtomicFiles {
    /** The body of a write; may throw anything. */
    public interface Body {
        void write(BufferedWriter out) throws IOException;
    }

    private AtomicFiles() {
    }

    /**
     * @throws InputException when {@code target} is a directory or its directory cannot take files:
     *         checked before {@code body} runs, so a bad path costs no work
     */
    public static void write(Path target, Body body) {
        Path abs = target.toAbsolutePath();
        Path tmp = temporaryBeside(target, abs);
        try {
            try (BufferedWriter out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                body.write(out);
            }
            move(tmp, abs);
            tmp = null;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + target + ": " + e.getMessage(), e);
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // the original failure is the one worth reporting
                }
            }
        }
    }

    /** The temporary file the body writes; failing here means the user named a place that takes no file. */
    private static Path temporaryBeside(Path target, Path abs) {
        if (Files.isDirectory(abs)) {
            throw new InputException("cannot write " + target + ": it is a directory; accepted: a file path");
        }
        try {
            Files.createDirectories(abs.getParent());
            return Files.createTempFile(abs.getParent(), "." + abs.getFileName(), ".tmp");
        } catch (IOException e) {
            throw new InputException("cannot write " + target + ": " + InputException.reason(e));
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
