package org.fiberbench.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.fiberbench.report.ResultsCheck;
import org.fiberbench.result.merge.Merge;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code fiberbench merge DIR... --out DIR}: shards of one plan, or load runs started together, as one run. */
@Command(name = "merge", mixinStandardHelpOptions = true,
        description = {"Join run directories into one: the N shards of a plan (run --shard K/N), in the whole plan's order",
            "with ratios recomputed; or load runs of one scenario started together (load --start-at), their",
            "histograms and interval logs added exactly and their throughput summed. Writes DIR with results.json",
            "and report.html. Exit status 2 when a run is missing, given twice or does not fit with the others."})
final class MergeCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "RUN_DIR", description = "the run directories to join (two or more)")
    List<Path> runs = new ArrayList<>();

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "the merged run's directory (new or empty)")
    Path out;

    @Option(names = "--force", description = "write into DIR even when it already holds a run, replacing its results")
    boolean force;

    @Override
    public Integer call() {
        List<String> args = new ArrayList<>(List.of("merge"));
        runs.forEach(r -> args.add(r.toString()));
        args.add("--out");
        args.add(out.toString());
        Merge.Outcome m = Merge.run(runs, out, force, String.join(" ", args), ResultsCheck::readable);
        for (String w : m.warnings()) {
            System.err.println("WARNING: " + w);
        }
        System.out.printf("merged %d %s into %d scenarios%n", m.parts(), m.kind().equals("load") ? "load runs" : "shards",
                m.scenarios());
        System.out.println("results: " + m.dir().resolve("results.json"));
        AfterRun.writeReport(m.dir());
        return 0;
    }
}
