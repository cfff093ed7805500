package org.fiberbench.cli;

import org.fiberbench.report.ReportWriter;
import org.fiberbench.result.ResultTable;
import org.fiberbench.result.RunDirectory;

/** What every measuring command does at its end, also after Ctrl-C: the table, the thresholds' verdicts, then the report. */
public final class AfterRun {
    private AfterRun() {
    }

    /**
     * The table comes from memory, so it is printed whole even when results.json could not be
     * kept up to date (a full disk); then one line says so, and no report is made from the
     * incomplete file.
     */
    public static void finish(RunDirectory run, GateFlags gate, String suite) {
        System.out.print(ResultTable.render(run.scenarios()));
        System.out.println();
        gate.judge(run, suite, System.out::print); // the verdicts join results.json before the report is made from it
        String unsaved = run.unsaved();
        if (unsaved != null) {
            System.out.flush();
            System.err.println("fiberbench: " + unsaved);
            return;
        }
        System.out.println("results: " + run.dir().resolve("results.json"));
        writeReport(run);
    }

    /** Writes {@code report.html}; a failure here is a warning, since the results are safe on disk. */
    public static void writeReport(RunDirectory run) {
        writeReport(run.dir());
    }

    /** As {@link #writeReport(RunDirectory)}, for a run directory given by its path ({@code merge}). */
    public static void writeReport(java.nio.file.Path dir) {
        try {
            System.out.println("report:  " + ReportWriter.write(dir));
        } catch (RuntimeException e) {
            System.err.println("fiberbench: could not write the report (retry with 'fiberbench report "
                    + dir + "'): " + Main.oneLine(String.valueOf(e)));
        }
        System.out.flush();
    }
}
