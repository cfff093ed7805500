package org.fiberbench.jmeter;

import org.apache.jmeter.samplers.SampleResult;

/** A failed JMeter sample in fiberbench's error classes: {@code timeout}, {@code connect}, {@code status_NNN}, {@code body}, {@code io}. */
final class ErrorClasses {
    private ErrorClasses() {
    }

    /** The class of a failed sample, from its response code and message; null when it succeeded. */
    static String of(boolean ok, String code, String message) {
        if (ok) {
            return null;
        }
        if (code != null && code.matches("\\d{3}")) {
            int status = Integer.parseInt(code);
            // a 2xx or 3xx that failed was failed by the assertion: the expected text is missing
            return status < 400 ? "body" : "status_" + status;
        }
        String m = (code == null ? "" : code) + " " + (message == null ? "" : message);
        if (m.contains("Timeout") || m.contains("timed out")) {
            return "timeout";
        }
        if (m.contains("ConnectException") || m.contains("Connection refused") || m.contains("NoRouteToHost")) {
            return "connect";
        }
        return "io";
    }

    static String of(SampleResult r) {
        return of(r.isSuccessful(), r.getResponseCode(), r.getResponseMessage());
    }
}
