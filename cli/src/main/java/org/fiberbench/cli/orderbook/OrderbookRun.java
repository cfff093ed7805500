package org.fiberbench.cli.orderbook;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.fiberbench.cli.AfterRun;
import org.fiberbench.cli.GateFlags;
import org.fiberbench.orderbook.jfr.JfrSummary;
import org.fiberbench.engine.StopSignals;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.result.ScenarioResult;

/**
 * The run directory of one measuring orderbook command. Each finished scenario is written at once;
 * the run is closed (finished, report written) either at the end or, on Ctrl-C, by a shutdown hook,
 * so that an interrupted run keeps its finished scenarios and still gets its report. Flight
 * Recorder summaries are printed after the command's table, not inside it.
 */
final class OrderbookRun {
    static final int JFR_TOP = 15;

    private final RunDirectory run;
    private final PrintWriter out;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final List<String> jfrTexts = new ArrayList<>();
    private final Thread hook;
    private final StopSignals.Handle term = StopSignals.termAsInterrupt();
    private final GateFlags gate;
    private final String suite;

    private OrderbookRun(RunDirectory run, PrintWriter out, GateFlags gate, String suite) {
        this.run = run;
        this.out = out;
        this.gate = gate;
        this.suite = suite;
        this.hook = new Thread(this::interrupted, "fiberbench-orderbook-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** A run without thresholds ({@code orderbook micro}). */
    static OrderbookRun create(Path dir, boolean force, String suite, String command, PrintWriter out) {
        return create(dir, force, suite, command, out, new GateFlags());
    }

    /** {@code gate}'s thresholds were checked against the planned scenarios; they are judged when the run closes. */
    static OrderbookRun create(Path dir, boolean force, String suite, String command, PrintWriter out, GateFlags gate) {
        return new OrderbookRun(RunDirectory.create(dir, force, suite, "adhoc", command), out, gate, suite);
    }

    RunDirectory directory() {
        return run;
    }

    /** Whether Ctrl-C closed the run: the command should stop. */
    boolean isClosed() {
        return closed.get();
    }

    /** Adds a finished scenario (ignored once the run was closed by an interrupt). */
    void add(ScenarioResult r) {
        if (!closed.get()) {
            run.add(r);
        }
    }

    /** Summarises a fork's recording into the scenario: a {@code jfr} section and a text file, printed at the end. */
    void attachJfr(ScenarioResult r, String id, Path jfr) {
        if (!Files.exists(jfr)) {
            run.warn("scenario " + id + ": no flight recording was written");
            return;
        }
        JfrSummary summary = JfrSummary.read(jfr, JFR_TOP);
        Path txt = run.scenarioFile(id, "-jfr.txt");
        String text = summary.render();
        try {
            Files.writeString(txt, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        r.file("jfr", run.dir().relativize(jfr).toString()).file("jfr_summary", run.dir().relativize(txt).toString())
                .section("jfr", summary.toMap());
        jfrTexts.add("Flight Recorder, " + id + " (" + run.dir().relativize(txt) + "):\n" + text);
    }

    /** Ends the run normally: the Flight Recorder summaries, results.json finished, report.html. */
    void finish() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        removeHook();
        term.close();
        jfrTexts.forEach(t -> out.println("\n" + t.stripTrailing()));
        close();
    }

    private void interrupted() {
        if (closed.compareAndSet(false, true)) {
            run.warn("interrupted (Ctrl-C): the scenarios finished before it are kept");
            close();
        }
    }

    private void close() {
        run.finish();
        if (gate.active()) {
            out.println();
        }
        gate.judge(run, suite, out::print); // the verdicts join results.json before the report is made from it
        out.println("results: " + run.dir().resolve("results.json"));
        out.flush();
        AfterRun.writeReport(run);
    }

    private void removeHook() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException ignored) {
            // already shutting down: the hook found the run closed and did nothing
        }
    }
}
