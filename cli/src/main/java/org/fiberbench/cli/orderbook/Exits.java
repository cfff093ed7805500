package org.fiberbench.cli.orderbook;

import java.util.concurrent.Callable;
import org.fiberbench.cli.Errors;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Bad input becomes one line and exit status 2 right here, so the commands behave the same under
 * the top-level exit-code mapper and when driven directly through their own CommandLine (tests).
 * Anything else is rethrown: an internal error, for the top-level mapper to report as such.
 */
final class Exits {
    static final int USAGE = Errors.USAGE;

    private Exits() {
    }

    static int run(CommandSpec spec, Callable<Integer> body) throws Exception {
        try {
            return body.call();
        } catch (RuntimeException e) {
            if (Errors.isUserMistake(e)) {
                return Errors.usage(e, spec.commandLine().getErr());
            }
            throw e;
        }
    }
}
