package org.fiberbench.engine.jmh;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fiberbench.executor.WorkerFigures;
import org.fiberbench.executor.WorkerStats;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.result.ScenarioResult;

/**
 * Carries per-worker balance from a JMH fork back to the parent. In the fork, each batch's
 * executor stats are added up over a JMH iteration and written at the iteration's end to the
 * file named by {@link #FILE_PROPERTY}, so what remains is the last measurement iteration. The
 * parent reads the file into the scenario's {@code workers} section and {@code imbalance} metric.
 *
 * <p>Thread-safe in the fork: {@link #add} may be called by several JMH threads at once.
 */
final class WorkerBalance {
    static final String FILE_PROPERTY = "fiberbench.workers.file";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final WorkerStats iteration = new WorkerStats();

    /**
     * Fork side: called after each batch, once its executor is closed (so every carrier's last mount
     * is counted); inside the timed method, a few map updates per batch, nothing per task.
     */
    void add(WorkerStats batch) {
        iteration.addAll(batch);
    }

    /** Fork side: at the end of each iteration; the last one written wins. */
    void endIteration() throws IOException {
        String file = System.getProperty(FILE_PROPERTY);
        if (file != null && !iteration.snapshot().isEmpty()) {
            RunDirectory.writeAtomically(Path.of(file), JSON.writeValueAsBytes(section(iteration)));
        }
        iteration.reset();
    }

    static WorkerFigures section(WorkerStats stats) {
        return stats.section();
    }

    /** Parent side: the fork's JVM option naming the file. */
    static List<String> jvmArgs(Path file) {
        return List.of("-D" + FILE_PROPERTY + "=" + file.toAbsolutePath());
    }

    /** Parent side: the file's content into {@code r}, then the file is removed (the section holds it all). */
    static void record(ScenarioResult r, Path file) {
        if (!Files.exists(file)) {
            return;
        }
        try {
            WorkerFigures w = JSON.readValue(file.toFile(), WorkerFigures.class);
            r.section("workers", w.toMap());
            if (w.imbalance() != null) {
                r.metric("imbalance", w.imbalance());
            }
            Files.delete(file);
        } catch (IOException e) {
            // balance is an extra: a scenario without it is still a result
        }
    }
}
