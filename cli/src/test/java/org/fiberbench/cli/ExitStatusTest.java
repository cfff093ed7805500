package org.fiberbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.spec.SpecException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The exit-status contract of the top-level mapper: user mistakes are 2, everything else is an
 * internal error, 1, with one line on stderr and the stack trace in a log file it names.
 */
class ExitStatusTest {
    @TempDir
    Path tmp;

    private final StringWriter err = new StringWriter();
    private final CommandLine cl = Main.commandLine();

    ExitStatusTest() {
        cl.setErr(new PrintWriter(err, true));
        RunDirectory.forgetCreated();
    }

    @AfterEach
    void forget() {
        RunDirectory.forgetCreated();
    }

    private Path loggedAt() {
        String line = err.toString().strip();
        assertEquals(1, line.lines().count(), "one line: " + line);
        int at = line.indexOf("; details in ");
        assertTrue(at > 0, line);
        return Path.of(line.substring(at + "; details in ".length()));
    }

    @Test
    void aPlainIllegalArgumentExceptionIsAnInternalErrorNotBadInput() throws Exception {
        int code = Main.onExecutionError(new IllegalArgumentException("count -1 must be >= 0"), cl, null);
        assertEquals(1, code, err.toString());
        assertTrue(err.toString().startsWith("fiberbench: internal error: java.lang.IllegalArgumentException: count -1 must be >= 0;"),
                err.toString());
        Path log = loggedAt();
        try {
            assertTrue(log.startsWith(Errors.logDirectory()), "outside a run: the fiberbench log directory, " + log);
            String trace = Files.readString(log);
            assertTrue(trace.contains("count -1 must be >= 0") && trace.contains("at org.fiberbench.cli.ExitStatusTest"), trace);
        } finally {
            Files.deleteIfExists(log);
        }
    }

    @Test
    void theTraceIsWrittenInTheRunDirectoryTheCommandMade() throws Exception {
        RunDirectory run = RunDirectory.create(tmp.resolve("run"), "test", "adhoc", "test");
        int code = Main.onExecutionError(new IllegalStateException("lost a scenario"), cl, null);
        assertEquals(1, code);
        Path log = loggedAt();
        assertEquals(run.dir().resolve(Errors.LOG_NAME), log);
        assertTrue(Files.readString(log).contains("java.lang.IllegalStateException: lost a scenario"));
    }

    @Test
    void userMistakesOfEveryModuleAreExitTwoAndOneLine() {
        for (RuntimeException e : new RuntimeException[] {new SpecException("--forks 0 is out of range"),
            new org.fiberbench.orderbook.InputException("in.csv line 3: side 'X' is not B or S"),
            new org.fiberbench.report.InputException("run directory not found: x")}) {
            err.getBuffer().setLength(0);
            assertEquals(2, Main.onExecutionError(e, cl, null), e.toString());
            assertEquals("fiberbench: " + e.getMessage(), err.toString().strip());
        }
    }
}
