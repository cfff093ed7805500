package org.fiberbench.cli.http;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.fiberbench.http.HttpTarget;
import org.fiberbench.http.LoadOptions;
import org.fiberbench.jmeter.JmxExport;
import org.fiberbench.spec.Numbers;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code fiberbench export jmx URL (--users N | --rate R) --duration D --out plan.jmx}: the load as a JMeter plan. */
@Command(name = "export", mixinStandardHelpOptions = true, description = "Write a load as another tool's file.",
        subcommands = ExportCommand.Jmx.class)
public final class ExportCommand {

    @Command(name = "jmx", mixinStandardHelpOptions = true,
            description = {"Write the plan 'load --engine jmeter' runs as a .jmx that stock JMeter 5.6.3 runs:",
                "jmeter -n -t plan.jmx -l out.jtl. The password is not written: the plan reads the JMeter property"
                    + " fiberbench.password."})
    static final class Jmx implements Callable<Integer> {
        @Parameters(paramLabel = "URL", description = "e.g. http://127.0.0.1:8080/thread/benchmark?ms=1000")
        String url;

        @Option(names = "--user", paramLabel = "U", description = "basic-auth user (the password: JMeter property fiberbench.password)")
        String user;

        @ArgGroup(exclusive = true, multiplicity = "1")
        LoadCommand.Model model;

        @Option(names = "--duration", required = true, paramLabel = "D", description = "total time (e.g. 30s)")
        String duration;

        @Option(names = "--warmup", paramLabel = "W", description = "kept for the same flags as load; JMeter runs the whole duration")
        String warmup;

        @Option(names = "--ramp", paramLabel = "D", description = "closed model: start the users evenly over D (default 0)")
        String ramp = "0s";

        @Option(names = "--poisson", description = "open model: random (Poisson) arrivals instead of even ones")
        boolean poisson;

        @Option(names = "--timeout", paramLabel = "T", description = "per-request connect and response timeout (default 10s)")
        String timeout = "10s";

        @Option(names = "--expect", paramLabel = "TEXT", description = "a response assertion: the body contains TEXT")
        String expect;

        @Option(names = "--out", required = true, paramLabel = "FILE", description = "the .jmx to write")
        Path out;

        @Override
        public Integer call() throws Exception {
            // the password is never needed here: the plan refers to a JMeter property instead
            HttpTarget target = HttpTarget.of(url, user, user == null ? null : "unused",
                    Numbers.parseDuration("--timeout", timeout), expect);
            LoadOptions options = new LoadOptions(target, LoadCommand.loadSpec(model, duration, warmup, ramp, poisson));
            String note = JmxExport.write(options, out);
            System.out.println("fiberbench: wrote " + out + " (" + options.load() + ", JMeter 5.6.3)");
            if (note != null) {
                System.out.println("fiberbench: " + note);
            }
            return 0;
        }
    }
}
