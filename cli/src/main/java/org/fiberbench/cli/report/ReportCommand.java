package org.fiberbench.cli.report;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.fiberbench.report.InputException;
import org.fiberbench.report.JmhImport;
import org.fiberbench.report.ReportWriter;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.spec.SpecException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code fiberbench report RUN_DIR [--out FILE]} and {@code fiberbench report --jmh RESULT.json [--out DIR]}. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Write the self-contained HTML report of a run (RUN_DIR/report.html),",
                "or turn a JMH JSON result (-rf json) into a run directory with its report.",
                "Exit status 2, with nothing written, when the run is missing or its results.json is not valid",
                "(the message names the file and the key)."})
public final class ReportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "RUN_DIR", description = "a run directory holding results.json")
    Path run;

    @Option(names = "--jmh", paramLabel = "RESULT.json", description = "a JMH JSON result file to import instead of a run")
    Path jmh;

    @Option(names = "--out", paramLabel = "FILE|DIR",
            description = {"the HTML file to write (default RUN_DIR/report.html);",
                    "with --jmh the directory for results.json and report.html (default RESULT-report beside the file)"})
    Path out;

    @Option(names = "--force", description = "with --jmh and --out: write into DIR even when it already holds a run")
    boolean force;

    @Override
    public Integer call() {
        if ((run == null) == (jmh == null)) {
            throw new SpecException("give either a run directory or --jmh RESULT.json"
                    + (run != null ? ", not both (got " + run + " and " + jmh + ")" : ""));
        }
        if (jmh != null) {
            RunDirectory.checkOut(out, force); // the import would silently replace another run's results
        }
        Path written = jmh != null ? JmhImport.importRun(jmh, out) : ReportWriter.write(run, out);
        spec.commandLine().getOut().println("report: " + written);
        spec.commandLine().getOut().flush();
        return 0;
    }
}
