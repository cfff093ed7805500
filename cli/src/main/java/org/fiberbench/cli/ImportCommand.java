package org.fiberbench.cli;

import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.fiberbench.http.Buckets;
import org.fiberbench.result.jtl.JtlImport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code fiberbench import jtl FILE.jtl [--out DIR]}: other tools' results as fiberbench run directories. */
@Command(name = "import", mixinStandardHelpOptions = true, description = "Turn another tool's result file into a run directory.",
        subcommands = {ImportCommand.Jtl.class})
final class ImportCommand {

    @Command(name = "jtl", mixinStandardHelpOptions = true,
            description = {"Read a JMeter result file (CSV JTL, JMeter's default columns, with or without the header) and write a",
                "run directory with results.json and report.html, as 'load' does: the samples' elapsed time in HdrHistograms,",
                "one-second intervals by send time, errors (success=false or a non-2xx code) by class, throughput over the span",
                "from the first send to the last answer, and requests, errors and p99 per agent for a distributed run.",
                "Latency is service time from the actual send: JMeter has no intended start times, so the corrected view is absent.",
                "Exit status 2 naming the row and value when a row is not a sample, or when the file holds none."})
    static final class Jtl implements Callable<Integer> {
        @Parameters(paramLabel = "FILE.jtl", description = "the JTL (jmeter -n -t plan.jmx -l FILE.jtl)")
        Path file;

        @Option(names = "--out", paramLabel = "DIR", description = "run directory (default results/<timestamp>-jtl)")
        Path out;

        @Option(names = "--force", description = "with --out: write into DIR even when it already holds a run, replacing its results")
        boolean force;

        @Option(names = "--buckets", paramLabel = "B1,B2", description = "response-time bucket bounds (default ${DEFAULT-VALUE})")
        String buckets = "500ms,1500ms";

        @Override
        public Integer call() {
            String command = "import jtl " + file + (out == null ? "" : " --out " + out);
            JtlImport.Outcome o = JtlImport.run(file, out, force, command, Buckets.parse(buckets));
            System.out.printf(Locale.ROOT, "imported %d samples from %s (%.1f s from the first send to the last answer)%n",
                    o.samples(), file, o.spanS());
            System.out.printf(Locale.ROOT, "  throughput %.1f req/s, %d ok, %d errors%s%n", o.throughputOpsS(), o.completed(),
                    o.errors(), o.agents() > 0 ? ", " + o.agents() + " agents" : "");
            System.out.printf(Locale.ROOT, "  service time (from the actual send) p50 %s  p99 %s; corrected: absent (JMeter has"
                    + " no intended start times)%n", ms(o.p50Ns()), ms(o.p99Ns()));
            if (o.late() > 0) {
                System.err.println("WARNING: " + o.late() + " samples came too late in the file for their one-second interval;"
                        + " they count in the totals");
            }
            System.out.println("results: " + o.dir().resolve("results.json"));
            AfterRun.writeReport(o.dir());
            return 0;
        }

        private static String ms(Long ns) {
            return ns == null ? "-" : String.format(Locale.ROOT, "%.1fms", ns / 1e6);
        }
    }
}
