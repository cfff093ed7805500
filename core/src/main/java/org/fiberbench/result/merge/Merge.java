package org.fiberbench.result.merge;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.result.ScenarioResult;
import org.fiberbench.spec.IoReasons;
import org.fiberbench.spec.SpecException;

/**
 * Joins run directories into one: the shards of a plan, or simultaneous load runs of one scenario.
 * Everything is checked before {@code out} is made, so a refused merge writes nothing.
 */
public final class Merge {

    /** What was merged: the new run directory, {@code shards} or {@code load}, its scenarios and warnings. */
    public record Outcome(Path dir, String kind, int parts, int scenarios, List<String> warnings) {
    }

    /** What a kind of merge makes of its parts, before anything is written. */
    record Joined(String kind, Map<String, Object> head, List<ScenarioResult> scenarios, List<String> warnings,
                  Writer files) {
    }

    /** Writes a merged run's scenario files into its directory. */
    interface Writer {
        void write(RunDirectory run) throws IOException;
    }

    private Merge() {
    }

    /**
     * Merges {@code inputs} into {@code out}. {@code formatCheck} is the readers' check of a
     * results.json (the report module's {@code ResultsCheck.readable}); every input passes it first.
     *
     * @throws SpecException when an input is not a run, is given twice, or does not fit with the others
     */
    public static Outcome run(List<Path> inputs, Path out, boolean replace, String command, Consumer<Path> formatCheck) {
        if (inputs.size() < 2) {
            throw new SpecException("merge needs two or more run directories; got " + inputs.size());
        }
        RunDirectory.checkOut(out, replace);
        List<Part> parts = readParts(inputs, out, formatCheck);
        same(parts, "format_version", "format versions");
        Joined j = join(parts);
        RunDirectory run = RunDirectory.createMerged(out, replace, head(parts, j, command));
        write(run, j, out);
        return new Outcome(run.dir(), j.kind(), parts.size(), j.scenarios().size(), j.warnings());
    }

    /** Reads every input, refusing one given twice or one that is {@code out} itself. */
    private static List<Part> readParts(List<Path> inputs, Path out, Consumer<Path> formatCheck) {
        List<Part> parts = new ArrayList<>();
        Set<Path> seen = new HashSet<>();
        for (Path in : inputs) {
            Part p = Part.read(in, formatCheck);
            if (!seen.add(real(p.dir()))) {
                throw new SpecException("run directory " + in + " is given twice; accepted: each run once");
            }
            if (real(p.dir()).equals(real(out))) {
                throw new SpecException("--out " + out + " is one of the runs being merged; accepted: a new directory");
            }
            parts.add(p);
        }
        return parts;
    }

    /** The merged run's run-level keys: the first part's, the earliest start and latest finish, the join's own, every warning. */
    private static Map<String, Object> head(List<Part> parts, Joined j, String command) {
        Map<String, Object> head = new LinkedHashMap<>();
        head.put("suite", parts.get(0).text("suite"));
        head.put("scale", parts.get(0).text("scale"));
        head.put("command", command);
        head.put("started_at", parts.stream().map(p -> p.text("started_at")).filter(s -> s != null).min(String::compareTo).orElse(null));
        head.put("finished_at", parts.stream().map(p -> p.text("finished_at")).filter(s -> s != null).max(String::compareTo).orElse(null));
        head.put("git", parts.get(0).doc().get("git"));
        head.put("environment", parts.get(0).environment());
        head.putAll(j.head());
        List<String> warnings = new ArrayList<>(j.warnings());
        for (Part p : parts) {
            p.warnings().forEach(w -> warnings.add(p.text("run_id") + ": " + w));
        }
        head.put("warnings", warnings);
        return head;
    }

    /** Writes the join's scenario files and its scenarios into the merged run. */
    private static void write(RunDirectory run, Joined j, Path out) {
        try {
            j.files().write(run);
        } catch (IOException e) {
            throw new SpecException("cannot write the merged run's files in " + out + ": " + IoReasons.of(e));
        }
        j.scenarios().forEach(run::add);
        if (run.unsaved() != null) {
            throw new SpecException(run.unsaved());
        }
    }

    private static Joined join(List<Part> parts) {
        long sharded = parts.stream().filter(p -> p.doc().get("shard") != null).count();
        if (sharded == parts.size()) {
            return ShardMerge.join(parts);
        }
        boolean loads = parts.stream().allMatch(p -> "load".equals(p.text("suite")) && p.doc().get("shard") == null);
        if (loads) {
            return LoadMerge.join(parts);
        }
        Part odd = parts.stream().filter(p -> sharded > 0 ? p.doc().get("shard") == null : !"load".equals(p.text("suite")))
                .findFirst().orElse(parts.get(0));
        throw new SpecException("merge joins the shards of one plan (run --shard K/N) or load runs started together "
                + "(load --start-at); " + odd.name() + " is " + (sharded > 0 ? "not a shard" : "neither"));
    }

    /** Refuses parts that differ in a run-level key. */
    static void same(List<Part> parts, String key, String what) {
        String first = parts.get(0).text(key);
        for (Part p : parts) {
            if (!java.util.Objects.equals(first, p.text(key))) {
                throw new SpecException("cannot merge runs of different " + what + ": " + parts.get(0).name() + " has "
                        + key + " " + first + ", " + p.name() + " has " + p.text(key));
            }
        }
    }

    /** Copies a file a scenario names from its part's directory into the merged one. */
    static void copy(Part from, RunDirectory to, String relative) throws IOException {
        Path source = from.dir().resolve(relative);
        if (Files.isRegularFile(source)) {
            Path target = to.dir().resolve(relative);
            Files.createDirectories(target.getParent());
            Files.copy(source, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static Path real(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            return p.toAbsolutePath().normalize();
        }
    }
}
