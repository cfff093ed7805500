package org.fiberbench.api;

/**
 * A workload parameter that is missing or whose value is not accepted. Its message is one line
 * naming the parameter, the value given and what is accepted, e.g. {@code parameter rows=ten is
 * not an integer; accepted: an integer from 1 to 1000000}; fiberbench prints it as it is.
 * Thrown by the getters of {@link Parameters}; a workload may throw it too, from
 * {@link Workload#check}, for a rule of its own.
 */
public class ParameterException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /**
     * @param message one line: the parameter, its value, what is accepted
     */
    public ParameterException(String message) {
        super(message);
    }
}
