package org.fiberbench.jmeter;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.fiberbench.spec.SpecException;

/** One {@code HOST:PORT} of {@code --agents}. */
public record AgentAddress(String host, int port) {
    private static final String ACCEPTED = "accepted: HOST:PORT[,HOST:PORT...], e.g. 127.0.0.1:1099,127.0.0.1:1100";

    public AgentAddress {
        if (host == null || host.isBlank() || !host.matches("[A-Za-z0-9.\\-\\[\\]:]+")) {
            throw new SpecException("--agents: bad host '" + host + "'; " + ACCEPTED);
        }
        if (port < 1 || port > 65535) {
            throw new SpecException("--agents: bad port " + port + " (1..65535); " + ACCEPTED);
        }
    }

    public static AgentAddress parse(String text) {
        int colon = text.lastIndexOf(':');
        if (colon <= 0 || colon == text.length() - 1) {
            throw new SpecException("--agents: bad agent '" + text + "'; " + ACCEPTED);
        }
        try {
            return new AgentAddress(text.substring(0, colon), Integer.parseInt(text.substring(colon + 1)));
        } catch (NumberFormatException e) {
            throw new SpecException("--agents: bad port in '" + text + "'; " + ACCEPTED);
        }
    }

    /** A comma-separated list; duplicates refused (an agent runs one test at a time). */
    public static List<AgentAddress> parseList(String text) {
        if (text == null || text.isBlank()) {
            throw new SpecException("--agents: empty; " + ACCEPTED);
        }
        Set<AgentAddress> seen = new LinkedHashSet<>();
        for (String part : text.split(",", -1)) {
            if (!seen.add(parse(part.trim()))) {
                throw new SpecException("--agents: '" + part.trim() + "' given twice; " + ACCEPTED);
            }
        }
        return new ArrayList<>(seen);
    }

    @Override
    public String toString() {
        return host + ":" + port;
    }
}
