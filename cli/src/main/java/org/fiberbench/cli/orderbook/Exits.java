package org.fiberbench.cli.orderbook;

import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Bad input becomes one line and exit status 2 right here, so the commands behave the same under
 * the top-level exit-code mapper and when driven directly through their own CommandLine (tests).
 */
final class Exits {
    static final int USAGE = 2;

    private Exits() {
    }

    static int run(CommandSpec spec, Callable<Integer> body) throws Exception {
        try {
            return body.call();
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println("fiberbench: " + oneLine(e.getMessage()));
            spec.commandLine().getErr().flush();
            return USAGE;
        }
    }

    private static String oneLine(String s) {
        return s == null ? "" : s.replaceAll("\\s*\\R\\s*", " ").trim();
    }
}
