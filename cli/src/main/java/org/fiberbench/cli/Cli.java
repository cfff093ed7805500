package org.fiberbench.cli;

import java.util.List;

/** The arguments the CLI was started with, for the {@code command} field of results. */
final class Cli {
    private static volatile List<String> args = List.of();

    private Cli() {
    }

    static void args(String[] a) {
        args = List.of(a);
    }

    static List<String> args() {
        return args.size() > 0 && args.get(0).equals("run") ? args.subList(1, args.size()) : args;
    }
}
