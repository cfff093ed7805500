package org.fiberbench.result.jtl;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One JTL row: when it was sent (ms since the epoch), how long it took (ms), the error class when it
 * failed (null when it succeeded), the agent that ran it (null when unknown), the threads then active and the URL (null when not saved).
 */
record JtlSample(long startMs, long elapsedMs, String errorClass, String agent, int threads, String url) {
    /** JMeter 5 distributed thread names: "host:port-Thread Group 1-1" (the remote engine's address). */
    private static final Pattern REMOTE = Pattern.compile("^(\\S+:\\d+)-(.+ \\d+-\\d+)$");
    /** Older and third-party distributed names: "host-10.0.0.5 Thread Group 1-1". */
    private static final Pattern HOST_IP = Pattern.compile("^(\\S+-\\d{1,3}(?:\\.\\d{1,3}){3}) (.+ \\d+-\\d+)$");

    boolean ok() {
        return errorClass == null;
    }

    long endMs() {
        return startMs + elapsedMs;
    }

    /** The agent a distributed run's thread name starts with, or null for a plain "Thread Group 1-1". */
    static String agentOf(String threadName) {
        if (threadName == null) {
            return null;
        }
        Matcher m = REMOTE.matcher(threadName);
        if (m.matches()) {
            return m.group(1);
        }
        m = HOST_IP.matcher(threadName);
        return m.matches() ? m.group(1) : null;
    }

    /**
     * Null when the sample succeeded: JMeter said so and the response code, when it is an HTTP status, is 2xx.
     * Else {@code status_NNN} as the built-in generator counts them, {@code assertion} for a 2xx JMeter failed,
     * or JMeter's own reason for a request that got no HTTP answer (the exception's name).
     */
    static String errorClass(Boolean success, String code) {
        String c = code == null ? "" : code.trim();
        boolean status = c.length() == 3 && c.chars().allMatch(Character::isDigit);
        if (status && c.charAt(0) != '2') {
            return "status_" + c;
        }
        if (success == null || success) {
            return null;
        }
        if (status) {
            return "assertion";
        }
        int colon = c.lastIndexOf(": ");
        String reason = colon >= 0 ? c.substring(colon + 2).trim() : c;
        return reason.isEmpty() ? "failed" : reason;
    }
}
