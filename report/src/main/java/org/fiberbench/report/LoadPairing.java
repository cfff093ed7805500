package org.fiberbench.report;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * How {@code compare} pairs load runs. A load run measures the server behind a URL; the generator that
 * drove it is the instrument, not the subject. So load scenarios ({@code load} on the built-in generator,
 * {@code load --engine jmeter}, an {@code import jtl}) pair by workload and load model alone, and the
 * engine of each side is named in the row instead of being part of the key. Every other scenario pairs
 * by its executor as before.
 */
final class LoadPairing {
    /** What an imported JTL's config.runner starts with. */
    private static final String IMPORTED = "jmeter";

    private LoadPairing() {
    }

    /** A scenario of {@code load} or {@code import jtl}: an http workload run by the load runner or taken from a JTL. */
    static boolean isLoad(JsonNode s) {
        String runner = s.path("config").path("runner").asText("");
        return s.path("workload").asText("").startsWith("http:") && (runner.equals("load") || runner.startsWith(IMPORTED));
    }

    /** The engine that made a load scenario's samples: builtin, jmeter, or jmeter (imported JTL). */
    static String engine(JsonNode s) {
        if (s.path("config").path("runner").asText("").startsWith(IMPORTED)) {
            return "jmeter (imported JTL)";
        }
        return s.path("config").path("engine").asText("builtin");
    }

    /** The first part of the pairing key: "load" for a load scenario, else the executor. */
    static String executorKey(JsonNode s) {
        return isLoad(s) ? "load" : s.path("executor").asText("?");
    }

    /** The executor column of a paired row: the executor, or for load rows the engine of each side. */
    static String executorLabel(JsonNode a, JsonNode b) {
        if (!isLoad(a)) {
            return a.path("executor").asText("?");
        }
        String ea = engine(a);
        String eb = engine(b);
        return "load on " + (ea.equals(eb) ? ea : ea + " vs " + eb);
    }
}
