package org.fiberbench.fork;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** What a child JVM's log says last: the one-line reason a fork gives when it fails. */
public final class ForkLog {
    private ForkLog() {
    }

    /** The log's last non-blank line, trimmed, or {@code fallback} when there is none or the log cannot be read. */
    public static String lastLine(Path log, String fallback) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            for (int i = lines.size() - 1; i >= 0; i--) {
                if (!lines.get(i).isBlank()) {
                    return lines.get(i).trim();
                }
            }
        } catch (IOException e) {
            // fall back
        }
        return fallback;
    }
}
