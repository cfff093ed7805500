package org.fiberbench.engine;

import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * SIGTERM stops a measuring command the way Ctrl-C does: the JVM exits through its shutdown
 * hooks (which keep the finished scenarios and write the report) with status 130, the status
 * fiberbench documents for an interrupted run. The JVM's own SIGTERM handling would exit 143,
 * and a shutdown hook cannot change the status, hence a signal handler.
 */
public final class StopSignals {
    /** 128 + SIGINT: what a shell reports for a command stopped by Ctrl-C. */
    public static final int INTERRUPTED = 130;
    private static final Signal TERM = new Signal("TERM");

    private StopSignals() {
    }

    /** Puts the previous SIGTERM handler back. */
    public interface Handle extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Makes SIGTERM exit with {@link #INTERRUPTED} until the returned handle is closed, which puts
     * the previous handler back. Where the JVM keeps SIGTERM for itself (-Xrs), nothing changes.
     */
    public static Handle termAsInterrupt() {
        SignalHandler previous;
        try {
            // the handler runs on a thread of its own; System.exit there runs the hooks, then halts
            previous = Signal.handle(TERM, s -> System.exit(INTERRUPTED));
        } catch (IllegalArgumentException | IllegalStateException reserved) {
            return () -> { };
        }
        return () -> Signal.handle(TERM, previous);
    }
}
