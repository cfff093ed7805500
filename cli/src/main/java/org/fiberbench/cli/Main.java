package org.fiberbench.cli;

import java.io.PrintWriter;
import org.fiberbench.cli.report.CompareCommand;
import org.fiberbench.cli.report.ReportCommand;
import org.fiberbench.spec.SpecException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code fiberbench} command. */
@Command(name = "fiberbench", mixinStandardHelpOptions = true, version = "fiberbench 0.1.0",
        description = "A benchmark lab for JVM concurrency: executors × workloads × load models, measured soundly.",
        subcommands = {RunCommand.class, ListCommand.class, JmhCommand.class, ReportCommand.class, CompareCommand.class,
                org.fiberbench.cli.http.ServeCommand.class, org.fiberbench.cli.http.LoadCommand.class,
                org.fiberbench.cli.orderbook.OrderbookCommand.class, org.fiberbench.cli.profile.ProfileCommand.class,
                WorkerCommand.class, CommandLine.HelpCommand.class})
public final class Main {

    /** Exit status for bad input: a flag, spec or file the user gave. */
    public static final int USAGE = 2;

    public static void main(String[] args) {
        org.fiberbench.engine.RunTempDir.adopt(); // before anything loads JMH or makes a temporary file
        System.exit(execute(args));
    }

    /** Runs the CLI in this JVM and returns the exit status; tests call this. */
    public static int execute(String... args) {
        Cli.args(args);
        return commandLine().execute(args);
    }

    /** Runs the CLI with picocli's error output captured in {@code err}; tests use this. */
    public static int execute(java.io.Writer err, String... args) {
        Cli.args(args);
        CommandLine cl = commandLine();
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Main());
        // JMH's own options (-wi, -prof gc ...) are JmhCommand's positional arguments, passed on untouched
        cl.getSubcommands().get("jmh").setUnmatchedOptionsArePositionalParams(true);
        cl.setParameterExceptionHandler(Main::onParameterError);
        cl.setExecutionExceptionHandler(Main::onExecutionError);
        return cl;
    }

    private static int onParameterError(CommandLine.ParameterException e, String[] args) {
        PrintWriter err = e.getCommandLine().getErr();
        Throwable cause = e.getCause();
        String message = cause instanceof IllegalArgumentException && cause.getMessage() != null
                ? cause.getMessage() : e.getMessage();
        err.println("fiberbench: " + oneLine(message) + " (see '" + e.getCommandLine().getCommandSpec().qualifiedName()
                + " --help')");
        err.flush();
        return USAGE;
    }

    private static int onExecutionError(Exception e, CommandLine cl, CommandLine.ParseResult parsed) {
        PrintWriter err = cl.getErr();
        if (e instanceof SpecException || e instanceof IllegalArgumentException) {
            err.println("fiberbench: " + oneLine(e.getMessage()));
            err.flush();
            return USAGE;
        }
        if (System.getenv("FIBERBENCH_DEBUG") != null) {
            e.printStackTrace(err);
        }
        err.println("fiberbench: error: " + oneLine(String.valueOf(e)));
        err.flush();
        return 1;
    }

    static String oneLine(String s) {
        return s == null ? "" : s.replaceAll("\\s*\\R\\s*", " ").trim();
    }
}
