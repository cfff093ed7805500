package org.fiberbench.spec;

/**
 * A user mistake in a spec or option. The CLI prints {@link #getMessage()} on one line and exits
 * with status 2; nothing has run and nothing is written when one of these escapes planning.
 */
public final class SpecException extends IllegalArgumentException {
    public SpecException(String message) {
        super(message);
    }
}
