package org.fiberbench.cli.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.fiberbench.cli.Main;

/**
 * One small real run, made once per test JVM: {@code virtual × noop} (normal) and
 * {@code virtual × fail:every=1} (every task fails on purpose: termination failure), each a JMH
 * batch scenario in its own fork. Tests read copies of its results.json, some edited to break one
 * thing, so every document starts as the writer really writes it.
 */
final class RealRun {
    static final String NOOP = "virtual | noop | batch:tasks=10";
    static final String FAIL = "virtual | fail:every=1 | batch:tasks=10";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static Path dir;

    private RealRun() {
    }

    /** The run directory, made on first use under target/. */
    static synchronized Path get() {
        if (dir == null) {
            Path out = Path.of("target", "real-run-" + ProcessHandle.current().pid()).toAbsolutePath();
            // exit status 1: the failing scenario is the point
            Main.execute("run", "-e", "virtual", "-w", "noop", "-w", "fail:every=1", "-l", "batch:tasks=10",
                    "--warmup", "0", "--iterations", "2", "--time", "100ms", "--out", out.toString());
            if (!Files.isRegularFile(out.resolve("results.json"))) {
                throw new IllegalStateException("the real run wrote no results.json in " + out);
            }
            dir = out;
        }
        return dir;
    }

    /** A new run directory {@code parent/name} holding only the real run's results.json, edited. */
    static Path copy(Path parent, String name, Consumer<ObjectNode> edit) {
        try {
            ObjectNode doc = (ObjectNode) JSON.readTree(get().resolve("results.json").toFile());
            edit.accept(doc);
            Path out = Files.createDirectories(parent.resolve(name));
            JSON.writerWithDefaultPrettyPrinter().writeValue(out.resolve("results.json").toFile(), doc);
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The real run without its failed scenario: what a healthy run looks like. */
    static Path healthy(Path parent, String name, Consumer<ObjectNode> edit) {
        return copy(parent, name, doc -> {
            ArrayNode scenarios = (ArrayNode) doc.path("scenarios");
            for (int i = scenarios.size() - 1; i >= 0; i--) {
                if (!scenarios.get(i).path("termination").asText().equals("normal")) {
                    scenarios.remove(i);
                }
            }
            edit.accept(doc);
        });
    }

    /** The healthy run's only scenario (noop), to edit. */
    static ObjectNode noop(ObjectNode doc) {
        return (ObjectNode) doc.path("scenarios").get(0);
    }
}
