package org.fiberbench.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.fiberbench.gate.Gate;
import org.fiberbench.gate.JUnitReport;
import org.fiberbench.gate.Target;
import org.fiberbench.gate.Verdict;
import org.fiberbench.result.RunDirectory;
import picocli.CommandLine.Option;

/**
 * {@code --threshold}, {@code --thresholds} and {@code --junit}, shared by every measuring command.
 * The thresholds are parsed and checked against the planned scenarios before anything runs; after
 * the run they are judged, printed, stored in results.json and, with {@code --junit}, written as
 * JUnit XML. Holds the verdicts of its command's run.
 */
public final class GateFlags {
    /** Exit status of a run whose thresholds failed while every scenario ended normally. */
    public static final int THRESHOLD_FAILED = 3;

    @Option(names = "--threshold", paramLabel = "EXPR", description = {
        "fail the run (exit 3) unless EXPR holds, e.g. p99<50ms, p99.9<=2s, errors<0.1%%, score<250ms/op, throughput>=900/s,",
        "achieved>=99%%, ratio<0.2 (to the group's baseline: passes only when the whole 99.9%% interval is below 0.2, i.e.",
        "significant at 99.9%%); scoped: 'virtual: p99<1.2s', 'load=open:rate=50,duration=2s: p99<1s'. Percentiles p50, p90,",
        "p99, p99.9, p99.99, max are from intended start; service_p99 etc. from actual start. Repeatable"})
    List<String> thresholds = new ArrayList<>();

    @Option(names = "--thresholds", paramLabel = "FILE", description = "thresholds from FILE, one per line ('#' starts a comment)")
    Path thresholdsFile;

    @Option(names = "--junit", paramLabel = "FILE", description = "write JUnit XML: a test case per scenario × threshold "
            + "(and per scenario without one), for CI test reports")
    Path junit;

    private Gate gate = Gate.NONE;
    private List<Verdict> verdicts = List.of();
    private final long started = System.nanoTime();

    /** Parses the thresholds and checks them and {@code --junit} against the planned scenarios; bad input throws. */
    public Gate check(List<Target> targets) {
        gate = Gate.parse(thresholds, thresholdsFile);
        gate.check(targets);
        JUnitReport.checkPath(junit);
        return gate;
    }

    /**
     * Judges the run's scenarios, prints the PASS/FAIL table to {@code out}, stores the verdicts
     * as results.json's {@code thresholds} and writes the JUnit XML; call before the report is made.
     */
    public List<Verdict> judge(RunDirectory run, String suite, Consumer<String> out) {
        verdicts = gate.evaluate(run.scenarios());
        if (!gate.isEmpty()) {
            out.accept(Verdict.table(verdicts) + System.lineSeparator());
            run.put("thresholds", verdicts.stream().map(Verdict::toMap).toList());
        }
        if (junit != null) {
            try {
                JUnitReport.write(junit, suite, run.scenarios(), verdicts, (System.nanoTime() - started) / 1e9);
                out.accept("junit:   " + junit + System.lineSeparator());
            } catch (IOException e) {
                run.warn("could not write the JUnit XML " + junit + ": " + e.getMessage());
                System.err.println("fiberbench: could not write the JUnit XML " + junit + ": " + Main.oneLine(e.getMessage()));
            }
        }
        return verdicts;
    }

    /** Whether thresholds were given: the command then prints their table. */
    public boolean active() {
        return !thresholds.isEmpty() || thresholdsFile != null;
    }

    /** {@code status} unless it is 0 and a threshold failed: then {@value #THRESHOLD_FAILED}. */
    public int exit(int status) {
        return status == 0 && Gate.anyFailed(verdicts) ? THRESHOLD_FAILED : status;
    }

    public List<Verdict> verdicts() {
        return verdicts;
    }
}
