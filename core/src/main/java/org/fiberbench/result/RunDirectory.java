package org.fiberbench.result;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.fiberbench.spec.IoReasons;
import org.fiberbench.spec.SpecException;

/**
 * One run's directory. Every {@link #add} rewrites {@code results.json} (and {@code results.csv},
 * and {@code results-jmh.json} with the rows of the batch scenarios) through a temporary file
 * and an atomic rename, so a reader (or a run killed midway) never sees a half-written document.
 * A rewrite that fails (a full disk) leaves the last good document and no temporary file, and
 * the run goes on from memory; {@link #unsaved} says what the document on disk lacks.
 * Thread-safe: the public mutators are synchronized; they are called between scenarios, never on
 * a measured path.
 */
public final class RunDirectory {
    public static final int FORMAT_VERSION = 1;
    public static final String TOOL = "fiberbench 0.1.0";
    /** The batch scenarios in JMH's own result format ({@code -rf json}), beside results.json. */
    public static final String JMH_RESULTS = "results-jmh.json";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final ThreadLocal<Path> CREATED = new ThreadLocal<>();

    private final Path dir;
    private final Map<String, Object> doc = new LinkedHashMap<>();
    private final List<ScenarioResult> scenarios = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();
    private final AtomicInteger ids = new AtomicInteger();
    /** Why the last rewrite failed, or null while results.json and results.csv hold everything. */
    private IOException unsaved;
    private int savedScenarios;

    private RunDirectory(Path dir, String suite, String scale, String command) {
        this.dir = dir;
        doc.put("format_version", FORMAT_VERSION);
        doc.put("tool", TOOL);
        doc.put("run_id", dir.getFileName().toString());
        doc.put("suite", suite);
        doc.put("scale", scale);
        doc.put("command", command);
        doc.put("started_at", Instant.now().toString());
        doc.put("finished_at", null);
        doc.put("git", GitInfo.capture());
        Map<String, Object> env = Environment.capture();
        doc.put("environment", env);
        warnings.addAll(Environment.warnings(env));
        doc.put("warnings", warnings);
        doc.put("scenarios", List.of());
    }

    /** A merged run's directory: its head keys come from its parts, not from this machine (see {@code result.merge}). */
    private RunDirectory(Path dir, Map<String, Object> head) {
        this.dir = dir;
        doc.put("format_version", FORMAT_VERSION);
        doc.put("tool", TOOL);
        doc.put("run_id", dir.getFileName().toString());
        doc.putAll(head);
        Object given = head.get("warnings");
        if (given instanceof List<?> l) {
            l.forEach(w -> warnings.add(String.valueOf(w)));
        }
        doc.put("warnings", warnings);
        doc.put("scenarios", List.of());
    }

    /**
     * Creates exactly {@code out} for a run made of other runs ({@code merge}), with the given head
     * keys (suite, scale, command, times, environment, warnings...) and writes its first results.json.
     *
     * @throws SpecException when {@code out} holds a run and {@code replace} is false, or cannot be made
     */
    public static RunDirectory createMerged(Path out, boolean replace, Map<String, Object> head) {
        checkOut(out, replace);
        makeDirectories(out);
        CREATED.set(out);
        RunDirectory run = new RunDirectory(out, head);
        run.write();
        return run;
    }

    private static void makeDirectories(Path dir) {
        try {
            Files.createDirectories(dir.resolve("scenarios"));
            if (!Files.isWritable(dir)) {
                throw new AccessDeniedException(dir.toString());
            }
        } catch (IOException e) {
            throw new SpecException("cannot create run directory " + dir + ": " + IoReasons.of(e));
        }
    }

    /**
     * Creates {@code results/<yyyyMMdd-HHmmss>-<suite>/} under the working directory, or exactly
     * {@code out} when given, captures the environment and writes the first {@code results.json}.
     * An {@code out} that already holds a run is refused: see {@link #create(Path, boolean, String, String, String)}.
     */
    public static RunDirectory create(Path out, String suite, String scale, String command) {
        return create(out, false, suite, scale, command);
    }

    /**
     * As {@link #create(Path, String, String, String)}; {@code replace} lets {@code out} be a directory
     * that already holds a run, whose results.json is then rewritten (the CLI's {@code --force}).
     *
     * @throws SpecException when {@code out} holds a run and {@code replace} is false, or cannot be made
     */
    public static RunDirectory create(Path out, boolean replace, String suite, String scale, String command) {
        Path dir;
        if (out != null) {
            checkOut(out, replace);
            dir = out;
        } else {
            dir = newDirectory(Path.of("results"), stamp() + "-" + suite);
        }
        makeDirectories(dir);
        CREATED.set(dir);
        RunDirectory run = new RunDirectory(dir, suite, scale, command);
        run.write();
        return run;
    }

    /**
     * Refuses, before anything runs, an {@code --out} that is a file or already holds a run (unless
     * {@code replace}); commands call it first so that a refused run has not started anything.
     */
    public static void checkOut(Path out, boolean replace) {
        if (out == null) {
            return;
        }
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw new SpecException("--out " + out + " is a file; accepted: a new or empty directory, or a run directory with --force");
        }
        if (!replace && Files.exists(out.resolve("results.json"))) {
            throw new SpecException("--out " + out + " already holds a run (results.json); choose another directory, "
                    + "or add --force to replace its results");
        }
    }

    /**
     * Makes {@code parent/name}, or {@code name-2}, {@code name-3}... when taken. Each attempt is one
     * atomic {@link Files#createDirectory}, so two runs started in the same second (in one JVM or
     * two) never share a directory, as an exists-then-create check would let them.
     */
    static Path newDirectory(Path parent, String name) {
        try {
            Files.createDirectories(parent);
            for (int i = 1; i <= 10_000; i++) {
                Path p = parent.resolve(i == 1 ? name : name + "-" + i);
                try {
                    return Files.createDirectory(p);
                } catch (FileAlreadyExistsException taken) {
                    // another run (or a file) has this name: try the next suffix
                }
            }
            throw new IOException("10000 directories named " + name + "-N exist already");
        } catch (IOException e) {
            throw new SpecException("cannot create run directory " + parent.resolve(name) + ": " + IoReasons.of(e));
        }
    }

    private static String stamp() {
        return LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT));
    }

    /**
     * The run directory this thread created last, since {@link #forgetCreated()}: where the CLI writes
     * the trace of an internal error, so it sits beside the run it broke.
     */
    public static Optional<Path> createdOnThisThread() {
        return Optional.ofNullable(CREATED.get());
    }

    /** Forgets {@link #createdOnThisThread()}: each CLI command starts afresh. */
    public static void forgetCreated() {
        CREATED.remove();
    }

    public Path dir() {
        return dir;
    }

    /** {@code <dir>/scenarios/<id><suffix>}, with the parent made. */
    public Path scenarioFile(String scenarioId, String suffix) {
        return dir.resolve("scenarios").resolve(scenarioId + suffix);
    }

    /** {@code NN-slug}: unique in this run, safe as a file name. */
    public String nextScenarioId(String label) {
        return scenarioId(ids.incrementAndGet(), label);
    }

    /** {@code NN-slug} with a number the caller chose: a shard numbers its scenarios as the whole plan does. */
    public String scenarioId(int number, String label) {
        String slug = label.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
        if (slug.length() > 60) {
            slug = slug.substring(0, 60).replaceAll("-$", "");
        }
        return String.format(Locale.ROOT, "%02d-%s", number, slug);
    }

    public synchronized void add(ScenarioResult r) {
        r.index(scenarios.size() + 1);
        scenarios.add(r);
        save();
    }

    public synchronized List<ScenarioResult> scenarios() {
        return List.copyOf(scenarios);
    }

    public synchronized void warn(String warning) {
        if (!warnings.contains(warning)) {
            warnings.add(warning);
        }
        save();
    }

    public synchronized List<String> warnings() {
        return List.copyOf(warnings);
    }

    /** Sets a run-level key such as {@code sweeps} or {@code profile_diffs}. */
    public synchronized void put(String key, Object value) {
        doc.put(key, value);
        save();
    }

    @SuppressWarnings("unchecked")
    public synchronized void finish() {
        doc.put("finished_at", Instant.now().toString());
        ((Map<String, Object>) doc.get("environment")).put("load_average_after", Environment.loadAverage());
        save();
    }

    /** The first write, while the directory is being created: failing it fails the command. */
    private void write() {
        try {
            writeFiles();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write results to " + dir, e);
        }
    }

    /** Every later write: a failure keeps the last good files and is remembered for {@link #unsaved}. */
    private void save() {
        try {
            writeFiles();
            unsaved = null;
        } catch (IOException e) {
            unsaved = e;
        }
    }

    private void writeFiles() throws IOException {
        List<Map<String, Object>> list = new ArrayList<>();
        List<Object> jmh = new ArrayList<>();
        for (ScenarioResult s : scenarios) {
            list.add(s.toMap());
            jmh.addAll(s.jmhRows());
        }
        doc.put("scenarios", list);
        writeAtomically(dir.resolve("results.json"), JSON.writeValueAsBytes(doc));
        writeAtomically(dir.resolve("results.csv"), CsvWriter.toCsv(scenarios).getBytes(StandardCharsets.UTF_8));
        writeAtomically(dir.resolve(JMH_RESULTS), JSON.writeValueAsBytes(jmh));
        savedScenarios = scenarios.size();
    }

    /**
     * Null when the files on disk hold the whole run; else one line saying that the last write
     * failed, why, and how much of the run the results.json on disk still holds.
     */
    public synchronized String unsaved() {
        if (unsaved == null) {
            return null;
        }
        String why = unsaved.getMessage() != null ? unsaved.getMessage() : unsaved.toString();
        return "could not write results to " + dir + " (" + why + "); results.json there is the last one written, with "
                + savedScenarios + " of " + scenarios.size() + " scenarios";
    }

    /**
     * Writes {@code bytes} to a sibling temporary file, then renames it over {@code target}; when
     * that fails, the temporary file is removed and {@code target} is left as it was.
     */
    public static void writeAtomically(Path target, byte[] bytes) throws IOException {
        Path tmp = target.resolveSibling("." + target.getFileName() + ".tmp");
        try {
            Files.write(tmp, bytes);
            try {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException | RuntimeException e) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException cleanup) {
                e.addSuppressed(cleanup);
            }
            throw e;
        }
    }

    /** Reads a results.json back, for tests and for commands that post-process a run. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> read(Path resultsJson) throws IOException {
        return JSON.readValue(resultsJson.toFile(), Map.class);
    }
}
