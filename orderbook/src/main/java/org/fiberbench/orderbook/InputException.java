package org.fiberbench.orderbook;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * A user mistake: a malformed command file, a bad option value, a file that cannot be read or
 * written where the user pointed. The CLI prints the message on one line and exits with status 2.
 * Everything else thrown from this package is a bug, reported as an internal error. (The order
 * book has no dependency on fiberbench-core, hence its own class beside core's SpecException.)
 */
public final class InputException extends IllegalArgumentException {
    public InputException(String message) {
        super(message);
    }

    /** Why a file operation on a user's path failed, in words: the JDK's message is often the path alone. */
    static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException n) {
            Path parent = n.getFile() == null ? null : Path.of(n.getFile()).getParent();
            return parent != null && Files.isDirectory(parent)
                    ? parent + " does not take new files (no such file or directory)" : "no such file or directory";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }
}
