package org.fiberbench.spec;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;

/**
 * Why a file operation failed, in words: the JDK's file exceptions often carry only the path
 * (e.g. {@code mkdir /proc/x} gives "/proc/x"), which tells a user nothing about the cause.
 */
public final class IoReasons {
    private IoReasons() {
    }

    public static String of(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException n) {
            Path parent = n.getFile() == null ? null : Path.of(n.getFile()).getParent();
            // e.g. /proc/x: the parent is there, but that file system makes no new entries
            return parent != null && Files.isDirectory(parent)
                    ? parent + " does not take new files (no such file or directory)" : "no such file or directory";
        }
        if (e instanceof FileAlreadyExistsException) {
            return "a file of that name already exists";
        }
        if (e instanceof NotDirectoryException) {
            return "a part of the path is not a directory";
        }
        if (e instanceof FileSystemException f) {
            return f.getReason() != null ? f.getReason() : "the file system refused (" + e.getClass().getSimpleName() + ")";
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }
}
