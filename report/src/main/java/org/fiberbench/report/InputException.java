package org.fiberbench.report;

/**
 * A user mistake: a path that is not a run directory, a file that is not the JSON or the profile
 * it should be, a bad option value. The CLI prints the message on one line and exits with status 2;
 * anything else thrown from the report is a bug, reported as an internal error. (The report has
 * no dependency on fiberbench-core, hence its own class beside core's SpecException.)
 */
public final class InputException extends IllegalArgumentException {
    public InputException(String message) {
        super(message);
    }
}
