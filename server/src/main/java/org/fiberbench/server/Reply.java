package org.fiberbench.server;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** One answer of the server: a status and a one-line text body. Immutable. */
record Reply(int status, String body) {
    /** Answered while the server stops: to requests still waiting, and to those still running when the grace ran out. */
    static final Reply STOPPING = new Reply(503, "503 service unavailable: the server is stopping");
    /** What a request whose client closed its connection gets, in case the client only half-closed it. */
    static final Reply CLIENT_LEFT = new Reply(503, "503 cancelled: the client closed the connection before the answer");

    static Reply queueFull(int maxQueue) {
        return new Reply(503, "503 service unavailable: " + maxQueue + " requests already wait for the executor (--max-queue)");
    }

    void write(HttpServletResponse resp) throws IOException {
        byte[] b = (body + "\n").getBytes(StandardCharsets.UTF_8);
        resp.setStatus(status);
        resp.setContentType("text/plain;charset=UTF-8");
        resp.setContentLength(b.length);
        if (status == 503) {
            // a client told to come back later should do so on a new connection, after the load has eased
            resp.setHeader("Connection", "close");
        }
        resp.getOutputStream().write(b);
    }
}
