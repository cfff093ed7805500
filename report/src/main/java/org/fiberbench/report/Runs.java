package org.fiberbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds and reads the results of a run: a run directory, its results.json, or a plain JMH result
 * file. Every document is checked before a reader sees it ({@link ResultsCheck}), so readers never
 * guess past a missing or mistyped key.
 */
final class Runs {
    static final String RESULTS = "results.json";

    private Runs() {
    }

    /** The directory that holds this run's results.json (the file's parent when given a file). */
    static Path directory(Path path) {
        return Files.isDirectory(path) ? path : path.toAbsolutePath().getParent();
    }

    /** The file a run is read from: the directory's results.json, or the file given. */
    static Path file(Path path) {
        if (!Files.exists(path)) {
            throw new InputException("run directory not found: " + path);
        }
        Path file = Files.isDirectory(path) ? path.resolve(RESULTS) : path;
        if (!Files.isRegularFile(file)) {
            throw new InputException("no " + RESULTS + " in " + path + " (expected a run directory)");
        }
        return file;
    }

    /**
     * Reads a run with the keys every reader needs checked. A file may be a results.json or a JMH
     * {@code -rf json} result (a JSON array), which is imported on the fly.
     */
    static ObjectNode load(Path path) {
        Path file = file(path);
        JsonNode root = Json.read(file);
        ObjectNode run = root.isArray() ? JmhImport.toResults(root, file) : null;
        ResultsCheck.common(run != null ? run : root, file);
        return run != null ? run : (ObjectNode) root;
    }

    /** Reads a run for the report: every key the page draws is checked too, metrics included. */
    static ObjectNode loadAll(Path path) {
        ObjectNode run = load(path);
        Path file = file(path);
        SectionsCheck.check(run, file);
        ResultsCheck.metrics(run, file);
        return run;
    }
}
