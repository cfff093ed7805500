package org.fiberbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;

/** Finds and reads the results of a run: a run directory, its results.json, or a plain JMH result file. */
final class Runs {
    static final String RESULTS = "results.json";

    private Runs() {
    }

    /** The directory that holds this run's results.json (the file's parent when given a file). */
    static Path directory(Path path) {
        return Files.isDirectory(path) ? path : path.toAbsolutePath().getParent();
    }

    /**
     * Reads a run. A directory must hold results.json; a file may be a results.json or a JMH
     * {@code -rf json} result (a JSON array), which is imported on the fly.
     */
    static ObjectNode load(Path path) {
        if (!Files.exists(path)) {
            throw new InputException("run directory not found: " + path);
        }
        Path file = Files.isDirectory(path) ? path.resolve(RESULTS) : path;
        if (!Files.isRegularFile(file)) {
            throw new InputException("no " + RESULTS + " in " + path + " (expected a run directory)");
        }
        JsonNode root = Json.read(file);
        if (root.isArray()) {
            return JmhImport.toResults(root, file);
        }
        if (!root.isObject() || !root.path("scenarios").isArray()) {
            throw new InputException(file + " is not a fiberbench results.json: it has no scenarios array");
        }
        return (ObjectNode) root;
    }
}
