package org.fiberbench.cli;

import java.util.Map;

/**
 * The experiment each built-in suite reproduces, by the name users see in {@code list suites} and
 * in the docs ({@code docs/origins.md} holds the one table that maps these names to their sources).
 */
final class Experiments {
    private static final Map<String, String> BY_SUITE = Map.of(
            "schedulers", "scheduler experiment",
            "threads", "thread-per-task experiment",
            "db", "database experiment",
            "db-smoke", "database experiment",
            "co-demo", "order book latency",
            "server", "web server, 1000 users",
            "server-quick", "web server, 1000 users",
            "pools", "process pool experiment",
            "process-pool", "process pool experiment");

    private Experiments() {
    }

    /** The experiment a suite comes from, or {@code "-"} for a suite that reproduces none. */
    static String of(String suite) {
        return BY_SUITE.getOrDefault(suite, "-");
    }
}
