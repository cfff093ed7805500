package org.fiberbench.result.merge;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.spec.IoReasons;
import org.fiberbench.spec.SpecException;

/** One run directory given to {@code merge}, read after the caller's format check. */
record Part(Path dir, Map<String, Object> doc) {

    static Part read(Path given, Consumer<Path> check) {
        if (!Files.exists(given)) {
            throw new SpecException("run directory not found: " + given);
        }
        Path dir = Files.isDirectory(given) ? given : given.toAbsolutePath().getParent();
        Path file = dir.resolve("results.json");
        if (!Files.isRegularFile(file)) {
            throw new SpecException("no results.json in " + given + " (expected a run directory)");
        }
        check.accept(file); // the readers' format check: an unknown major format_version stops here
        try {
            return new Part(dir, RunDirectory.read(file));
        } catch (IOException e) {
            throw new SpecException("cannot read " + file + ": " + IoReasons.of(e));
        }
    }

    String name() {
        return dir.toString();
    }

    String text(String key) {
        Object v = doc.get(key);
        return v == null ? null : String.valueOf(v);
    }

    @SuppressWarnings("unchecked")
    Map<String, Object> map(Map<String, Object> from, String key) {
        Object v = from == null ? null : from.get(key);
        return v instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }

    Map<String, Object> environment() {
        return map(doc, "environment");
    }

    @SuppressWarnings("unchecked")
    List<Map<String, Object>> scenarios() {
        return (List<Map<String, Object>>) doc.get("scenarios");
    }

    String host() {
        Object h = environment().get("hostname");
        return h == null ? "an unnamed host" : String.valueOf(h);
    }

    /** CPU model × count: shards on different CPUs have confounded ratios. */
    String cpu() {
        Map<String, Object> cpu = map(environment(), "cpu");
        return cpu.get("model") + " × " + cpu.get("count");
    }

    String jdk() {
        Map<String, Object> jdk = map(environment(), "jdk");
        return jdk.get("vendor") + " " + jdk.get("version");
    }

    @SuppressWarnings("unchecked")
    List<String> warnings() {
        Object w = doc.get("warnings");
        return w instanceof List<?> l ? (List<String>) l : List.of();
    }

    /**
     * This part's rows of results-jmh.json that belong to scenario {@code id}: a row names its
     * scenario's files (under {@code scenarios/<id>}) among its JVM arguments. Empty without the file.
     */
    List<Object> jmhRows(String id) {
        Path file = dir.resolve(RunDirectory.JMH_RESULTS);
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        try {
            List<?> rows = new com.fasterxml.jackson.databind.ObjectMapper().readValue(file.toFile(), List.class);
            String mark = "scenarios" + java.io.File.separator + id;
            return rows.stream().filter(r -> r instanceof Map<?, ?> m && String.valueOf(m.get("jvmArgs")).contains(mark))
                    .map(r -> (Object) r).toList();
        } catch (IOException e) {
            throw new SpecException("cannot read " + file + ": " + IoReasons.of(e));
        }
    }

    /** What the merged run says of this part: where it was, on which machine, when. */
    Map<String, Object> summary() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("path", dir.toString());
        m.put("run_id", text("run_id"));
        m.put("hostname", environment().get("hostname"));
        m.put("cpu", map(environment(), "cpu"));
        m.put("jdk", jdk());
        m.put("started_at", text("started_at"));
        m.put("finished_at", text("finished_at"));
        m.put("scenarios", scenarios().size());
        return m;
    }
}
