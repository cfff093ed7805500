package org.fiberbench.jmeter;

import java.io.InvalidClassException;

/** Exceptions as the one line fiberbench prints about an agent. */
final class Reasons {
    private Reasons() {
    }

    /** The innermost cause's class and message, on one line. */
    static String firstLine(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String m = t.getMessage() == null ? "" : ": " + t.getMessage().lines().findFirst().orElse("");
        return t.getClass().getSimpleName() + m;
    }

    /** When the plan could not be read on the other side, the likeliest cause is another JMeter version. */
    static String versionHint(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof InvalidClassException || t instanceof ClassNotFoundException
                    || t instanceof java.rmi.UnmarshalException || t instanceof java.rmi.MarshalException) {
                return "; the agent must run JMeter 5.6.3 (a version mismatch looks like this)";
            }
        }
        return "";
    }
}
