package org.fiberbench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.spec.SpecException;
import picocli.CommandLine.ParameterException;

/**
 * The exit-status contract. A user mistake (a {@link SpecException}, the order book's or the
 * report's {@code InputException}, a picocli {@link ParameterException}) is one line and status 2.
 * Anything else is a bug in fiberbench: one line saying so and where the stack trace was written,
 * status 1, so that it is never mistaken for the user's fault.
 */
public final class Errors {
    /** Exit status for bad input: a flag, spec or file the user gave. */
    public static final int USAGE = 2;
    /** Exit status for an internal error, and for a run in which a scenario failed. */
    public static final int FAILURE = 1;
    /** The file, in the run directory, that holds an internal error's stack trace. */
    public static final String LOG_NAME = "fiberbench-error.log";

    private Errors() {
    }

    public static boolean isUserMistake(Throwable e) {
        return e instanceof SpecException || e instanceof org.fiberbench.orderbook.InputException
                || e instanceof org.fiberbench.report.InputException || e instanceof ParameterException;
    }

    /** Prints a user mistake on one line; returns {@link #USAGE}. */
    public static int usage(Throwable e, PrintWriter err) {
        err.println("fiberbench: " + oneLine(e.getMessage()));
        err.flush();
        return USAGE;
    }

    /**
     * Reports an internal error: its stack trace goes to {@value #LOG_NAME} in the run directory this
     * command created, or to a new file under {@link #logDirectory()} before there was one; stderr
     * gets one line naming that file. Returns {@link #FAILURE}.
     */
    public static int internal(Throwable e, PrintWriter err) {
        if (System.getenv("FIBERBENCH_DEBUG") != null) {
            e.printStackTrace(err);
        }
        String where;
        try {
            where = "details in " + writeLog(e);
        } catch (IOException | RuntimeException logFailed) {
            where = "no log written (" + oneLine(String.valueOf(logFailed)) + "); set FIBERBENCH_DEBUG=1 to see the trace";
        }
        err.println("fiberbench: internal error: " + oneLine(String.valueOf(e)) + "; " + where);
        err.flush();
        return FAILURE;
    }

    /** Where internal errors outside any run directory are logged: {@code <java.io.tmpdir>/fiberbench-logs}. */
    public static Path logDirectory() {
        return Path.of(System.getProperty("java.io.tmpdir"), "fiberbench-logs");
    }

    private static Path writeLog(Throwable e) throws IOException {
        StringWriter trace = new StringWriter();
        e.printStackTrace(new PrintWriter(trace));
        String text = Instant.now() + " " + RunDirectory.TOOL + " internal error\n" + trace;
        Path run = RunDirectory.createdOnThisThread().filter(Files::isDirectory).orElse(null);
        if (run != null) {
            Path log = run.resolve(LOG_NAME);
            // appended: an error while closing a run may follow the one that broke it
            Files.writeString(log, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            return log;
        }
        Files.createDirectories(logDirectory());
        Path log = Files.createTempFile(logDirectory(), "error-", ".log");
        Files.writeString(log, text, StandardCharsets.UTF_8);
        return log;
    }

    public static String oneLine(String s) {
        return s == null ? "" : s.replaceAll("\\s*\\R\\s*", " ").trim();
    }
}
