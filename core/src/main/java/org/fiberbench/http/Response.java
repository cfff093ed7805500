package org.fiberbench.http;

/**
 * The outcome of one request: the status (0 when there was no response) and the error class
 * (null when it succeeded). Error classes: {@code timeout}, {@code connect}, {@code status_NNN},
 * {@code body} (the expected text is missing), {@code io} (the connection broke), and
 * {@code in_flight_limit} (the generator refused to open more requests).
 */
public record Response(int status, String error, String detail) {
    public static final Response OK = new Response(200, null, null);

    public boolean ok() {
        return error == null;
    }

    static Response status(int status, String body) {
        return new Response(status, "status_" + status, body);
    }

    static Response failed(String errorClass, String detail) {
        return new Response(0, errorClass, detail);
    }
}
