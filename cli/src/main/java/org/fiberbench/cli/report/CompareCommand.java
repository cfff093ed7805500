package org.fiberbench.cli.report;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.fiberbench.report.Compare;
import org.fiberbench.report.Comparison;
import org.fiberbench.report.InputException;
import org.fiberbench.spec.SpecException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code fiberbench compare RUN_A RUN_B [--fail-on-regression PCT] [--html FILE] [--json]}. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compare run B against run A scenario by scenario (matched by executor, workload, load and JVM options):",
                "ratio B/A with its 99.9%% interval and a verdict. Exit status 1 with --fail-on-regression when a",
                "significant regression exceeds PCT percent, or when B cannot be judged (a scenario of B failed, is",
                "missing or has unreadable metrics; B has no scenarios). Exit status 2 when a run is not a valid results.json."})
public final class CompareCommand implements Callable<Integer> {
    /** Exit status when the regression gate fails: a regression beyond the threshold, or a B that cannot be judged. */
    public static final int REGRESSION = 1;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RUN_A", description = "the reference run (a run directory, results.json or JMH JSON result)")
    Path a;

    @Parameters(index = "1", paramLabel = "RUN_B", description = "the run compared against it")
    Path b;

    @Option(names = "--fail-on-regression", paramLabel = "PCT",
            description = {"exit with status 1 when a scenario is significantly worse by more than PCT percent (e.g. 5 or 2.5%%),",
                    "or when a scenario of B failed, is missing or has unreadable metrics"})
    String failOnRegression;

    @Option(names = "--html", paramLabel = "FILE", description = "also write the comparison as an HTML page")
    Path html;

    @Option(names = "--json", description = {"print the comparison as JSON instead of the table (ratios with their intervals,",
            "significance and verdicts; problems); --html's line then goes to stderr"})
    boolean json;

    @Override
    public Integer call() {
        try {
            return compare();
        } catch (InputException e) {
            throw new SpecException(e.getMessage());
        }
    }

    private int compare() {
        // the threshold is checked before reading any run: a typo fails at once
        double threshold = failOnRegression == null ? Double.NaN : Comparison.parsePercent(failOnRegression);
        Comparison c = Compare.of(a, b);
        PrintWriter out = spec.commandLine().getOut();
        out.print(json ? c.toJson() : c.toText());
        if (html != null) {
            // stdout stays one JSON document with --json
            PrintWriter where = json ? spec.commandLine().getErr() : out;
            where.println("html: " + c.writeHtml(html));
            where.flush();
        }
        out.flush();
        if (Double.isNaN(threshold)) {
            return 0;
        }
        List<String> reasons = new ArrayList<>(c.problems());
        for (Comparison.Row r : c.regressionsBeyond(threshold)) {
            reasons.add(String.format(Locale.ROOT, "regression: %s | %s | %s is %.1f%% worse (threshold %s%%)",
                    r.executor(), r.workload(), r.load(), r.regressionPct(), failOnRegression.replace("%", "").trim()));
        }
        PrintWriter err = spec.commandLine().getErr();
        reasons.forEach(err::println);
        err.flush();
        return reasons.isEmpty() ? 0 : REGRESSION;
    }
}
