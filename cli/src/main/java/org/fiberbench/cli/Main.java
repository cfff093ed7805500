package org.fiberbench.cli;

import java.io.PrintWriter;
import org.fiberbench.cli.report.CompareCommand;
import org.fiberbench.cli.report.ReportCommand;
import org.fiberbench.result.RunDirectory;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code fiberbench} command. */
@Command(name = "fiberbench", mixinStandardHelpOptions = true, version = "fiberbench 0.1.0",
        description = "A benchmark lab for JVM concurrency: executors × workloads × load models, measured soundly.",
        subcommands = {RunCommand.class, ListCommand.class, JmhCommand.class, ReportCommand.class, CompareCommand.class, MergeCommand.class, ImportCommand.class,
                org.fiberbench.cli.http.ServeCommand.class, org.fiberbench.cli.http.LoadCommand.class,
                org.fiberbench.cli.http.AgentCommand.class, org.fiberbench.cli.http.ExportCommand.class,
                org.fiberbench.cli.orderbook.OrderbookCommand.class, org.fiberbench.cli.profile.ProfileCommand.class,
                org.fiberbench.cli.calibrate.CalibrateCommand.class,
                WorkerCommand.class, CommandLine.HelpCommand.class})
public final class Main {

    /** Exit status for bad input: a flag, spec or file the user gave. */
    public static final int USAGE = Errors.USAGE;

    public static void main(String[] args) {
        org.fiberbench.engine.RunTempDir.adopt(); // before anything loads JMH or makes a temporary file
        System.exit(execute(args));
    }

    /** Runs the CLI in this JVM and returns the exit status; tests call this. */
    public static int execute(String... args) {
        RunDirectory.forgetCreated();
        return commandLine().execute(args);
    }

    /** Runs the CLI with picocli's error output captured in {@code err}; tests use this. */
    public static int execute(java.io.Writer err, String... args) {
        RunDirectory.forgetCreated();
        CommandLine cl = commandLine();
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    public static CommandLine commandLine() {
        org.fiberbench.db.DbOptions.takePasswordFromEnvironment(); // before any JVM is started, whatever the command
        CommandLine cl = new CommandLine(new Main());
        // JMH's own options (-wi, -prof gc ...) are JmhCommand's positional arguments, passed on untouched
        cl.getSubcommands().get("jmh").setUnmatchedOptionsArePositionalParams(true);
        Converters.registerAsciiIntegers(cl);
        cl.setParameterExceptionHandler(Main::onParameterError);
        cl.setExecutionExceptionHandler(Main::onExecutionError);
        return cl;
    }

    /**
     * One line naming the option: "--timeout -1s is negative; accepted: ...". A converter's message
     * starts with the value (it does not know the option it serves), so the option is put in front.
     */
    private static int onParameterError(CommandLine.ParameterException e, String[] args) {
        PrintWriter err = e.getCommandLine().getErr();
        Throwable cause = e.getCause();
        String message = e.getMessage();
        if (cause != null && cause.getMessage() != null
                && (cause instanceof CommandLine.TypeConversionException || Errors.isUserMistake(cause))) {
            message = cause.getMessage();
            if (e.getArgSpec() instanceof CommandLine.Model.OptionSpec o && !message.contains(o.longestName())) {
                message = o.longestName() + " " + message;
            }
        }
        err.println("fiberbench: " + oneLine(message) + " (see '" + e.getCommandLine().getCommandSpec().qualifiedName()
                + " --help')");
        err.flush();
        return USAGE;
    }

    /** User mistakes exit 2; anything else is fiberbench's own fault: exit 1, the trace in a log file. */
    static int onExecutionError(Exception e, CommandLine cl, CommandLine.ParseResult parsed) {
        PrintWriter err = cl.getErr();
        return Errors.isUserMistake(e) ? Errors.usage(e, err) : Errors.internal(e, err);
    }

    static String oneLine(String s) {
        return Errors.oneLine(s);
    }
}
