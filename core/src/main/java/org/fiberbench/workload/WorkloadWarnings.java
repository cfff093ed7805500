package org.fiberbench.workload;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * A workload's {@link Workload#warnings()} on their way from a fork to the parent: the runner names
 * a file in {@value #PROPERTY} on the fork's command line; the fork closes its workload with
 * {@link #close} (which appends the warnings there, one per line) and the parent reads them with
 * {@link #read} into the scenario's result. Without the property (a process-pool worker, a test)
 * the warnings go to stderr.
 */
public final class WorkloadWarnings {
    /** System property of a fork: the file its workload's warnings are appended to. */
    public static final String PROPERTY = "fiberbench.workload.warnings";

    private WorkloadWarnings() {
    }

    /** Closes {@code w}, then reports its warnings; an exception from close itself propagates. */
    public static void close(Workload w) throws Exception {
        w.close();
        List<String> warnings = w.warnings();
        if (warnings.isEmpty()) {
            return;
        }
        String file = System.getProperty(PROPERTY);
        if (file == null) {
            warnings.forEach(x -> System.err.println("fiberbench: warning: " + w.spec() + ": " + x));
            return;
        }
        List<String> lines = warnings.stream().map(x -> x.replace('\n', ' ').replace('\r', ' ')).toList();
        Files.write(Path.of(file), lines, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    /** The warnings a fork wrote to {@code file}: none when it wrote none. */
    public static List<String> read(Path file) {
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        try {
            List<String> out = new ArrayList<>();
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (!line.isBlank() && !out.contains(line)) {
                    out.add(line);
                }
            }
            return out;
        } catch (IOException e) {
            return List.of("workload warnings unreadable: " + e.getMessage());
        }
    }
}
