package org.fiberbench.spec;

/**
 * A user mistake in a spec, option or input file. The CLI prints {@link #getMessage()} on one line
 * and exits with status 2; nothing has run and nothing is written when one of these escapes
 * planning. Any other exception, a plain {@link IllegalArgumentException} included, is an internal
 * error (exit status 1): throw this one, never a bare IllegalArgumentException, for bad input.
 * It stays an IllegalArgumentException so that library callers catching that still catch it.
 */
public final class SpecException extends IllegalArgumentException {
    public SpecException(String message) {
        super(message);
    }
}
