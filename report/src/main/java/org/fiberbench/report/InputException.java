package org.fiberbench.report;

/**
 * A user mistake in what the report module was given: a missing run, a file that is not a
 * fiberbench results.json or JMH result, a key of the wrong type, a bad threshold. The message is
 * one line naming the file and the value. This module does not depend on core, so the CLI turns it
 * into core's own bad-input exception (exit status 2).
 */
public final class InputException extends IllegalArgumentException {
    public InputException(String message) {
        super(message);
    }
}
