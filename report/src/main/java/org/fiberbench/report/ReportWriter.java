package org.fiberbench.report;

import java.nio.file.Path;

/**
 * Writes {@code report.html} for a run directory: one self-contained file with every script,
 * style and datum inline, which opens from disk and makes no network request.
 */
public final class ReportWriter {
    public static final String FILE_NAME = "report.html";

    private ReportWriter() {
    }

    /** Writes {@code <run>/report.html}; returns its path. */
    public static Path write(Path run) {
        return write(run, null);
    }

    /**
     * Writes the report of a run.
     *
     * @param run a run directory (or its results.json, or a JMH result file)
     * @param out the HTML file to write; null for {@code report.html} in the run directory
     * @return the file written
     * @throws InputException when the run is missing or its results.json is unreadable
     */
    public static Path write(Path run, Path out) {
        Path dir = Runs.directory(run);
        Path target = out != null ? out : dir.resolve(FILE_NAME);
        return Page.write(target, ReportModel.build(Runs.load(run), dir, target.toAbsolutePath().getParent()));
    }
}
