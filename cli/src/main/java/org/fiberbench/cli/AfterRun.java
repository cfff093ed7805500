package org.fiberbench.cli;

import org.fiberbench.result.ResultTable;
import org.fiberbench.result.RunDirectory;

/** What every measuring command does at its end, also after Ctrl-C: the table, then the report. */
final class AfterRun {
    private AfterRun() {
    }

    static void finish(RunDirectory run) {
        System.out.print(ResultTable.render(run.scenarios()));
        System.out.println();
        System.out.println("results: " + run.dir().resolve("results.json"));
        System.out.flush();
    }
}
