package org.fiberbench.cli.report;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.fiberbench.cli.Main;
import picocli.CommandLine;

/** One CLI invocation in this JVM through Main (so its exit-code mapping applies), with both streams captured. */
record CliRun(int status, String out, String err) {
    static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int status = cl.execute(args);
        return new CliRun(status, out.toString(), err.toString());
    }
}
