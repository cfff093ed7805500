package org.fiberbench.engine;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.fiberbench.engine.jmh.ObservingProfiler;
import org.fiberbench.measure.ForkObservation;
import org.fiberbench.measure.ObserveOptions;
import org.fiberbench.measure.Observer;
import org.fiberbench.measure.ResourceSampler;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.result.ScenarioResult;
import org.fiberbench.workload.WorkloadWarnings;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * The parent's side of observing scenarios: the system properties that tell a fork what to
 * observe (from the run's {@link RunContext}), the per-scenario file names, the JMH wiring, and
 * turning what a fork observed into results.json sections, metrics, files and warnings.
 */
public final class Observation {
    private static final ObjectMapper JSON = new ObjectMapper();

    private Observation() {
    }

    /** Where a scenario's observation files go: {@code scenarios/<id>.jfr}, {@code <id>-cpu.html}, {@code <id>.collapsed}. */
    public static Observer.Files files(RunDirectory run, String id, ObserveOptions o) {
        String label = o.profileLabel();
        return new Observer.Files(o.jfr() ? run.scenarioFile(id, ".jfr") : null,
                label == null ? null : run.scenarioFile(id, label.equals("cpu") ? ".collapsed" : "-" + label + ".collapsed"),
                label == null ? null : run.scenarioFile(id, "-" + label + ".html"));
    }

    /**
     * System properties and options a fork needs to observe scenario {@code id} as {@code o} says
     * and report to {@code out}: the one place observation options cross to a fork.
     */
    public static List<String> forkJvmArgs(ObserveOptions o, RunDirectory run, String id, Path out) {
        Observer.Files f = files(run, id, o);
        List<String> args = new ArrayList<>(o.forkJvmArgs());
        o.toProperties().forEach((k, v) -> args.add("-D" + k + "=" + v));
        addPath(args, ForkObservation.OUT_PROPERTY, out);
        addPath(args, ForkObservation.JFR_PROPERTY, f.jfr());
        addPath(args, ForkObservation.COLLAPSED_PROPERTY, f.collapsed());
        addPath(args, ForkObservation.FLAME_PROPERTY, f.flame());
        Path warnings = warningsFile(run, id);
        try {
            Files.deleteIfExists(warnings); // one left by an earlier run in this directory (--force) must not speak for this one
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot remove " + warnings, e);
        }
        addPath(args, WorkloadWarnings.PROPERTY, warnings);
        return args;
    }

    private static void addPath(List<String> args, String key, Path p) {
        if (p != null) {
            args.add("-D" + key + "=" + p.toAbsolutePath());
        }
    }

    /** JMH options that add {@link ObservingProfiler} to {@code base}, its JVM options appended to base's. */
    public static Options withObservation(Options base, ObserveOptions o, String id, RunDirectory run) {
        List<String> jvm = new ArrayList<>();
        Collection<String> baseArgs = base.getJvmArgsAppend().orElse(List.of());
        jvm.addAll(baseArgs);
        jvm.addAll(forkJvmArgs(o, run, id, observationFile(run, id)));
        return new OptionsBuilder().parent(base).addProfiler(ObservingProfiler.class)
                .jvmArgsAppend(jvm.toArray(String[]::new)).build();
    }

    /** {@code scenarios/<id>.json}: the fork's observations with the full timeline. */
    static Path observationFile(RunDirectory run, String id) {
        return run.scenarioFile(id, ".json");
    }

    /** {@code scenarios/<id>-warnings.txt}: what the fork's workload warned of at its close. */
    static Path warningsFile(RunDirectory run, String id) {
        return run.scenarioFile(id, "-warnings.txt");
    }

    /** Reads what the fork wrote (if it got that far) into {@code r}: observations, then the workload's warnings. */
    @SuppressWarnings("unchecked")
    public static void collect(ScenarioResult r, RunDirectory run, String id) {
        Path f = observationFile(run, id);
        if (Files.isRegularFile(f)) {
            try {
                record(r, JSON.readValue(f.toFile(), Map.class), run);
            } catch (IOException e) {
                run.warn(id + ": observations unreadable (" + e.getMessage() + ")");
            }
        }
        Path w = warningsFile(run, id);
        for (String warning : WorkloadWarnings.read(w)) {
            warn(r, warning);
            run.warn(id + ": " + warning);
        }
        if (Files.isRegularFile(w)) {
            r.file("workload_warnings", relative(run, w.toString()));
        }
    }

    /** Adds {@code text} to the scenario's table note, after any note already there. */
    static void warn(ScenarioResult r, String text) {
        Object before = r.metricValue("warning");
        r.metric("warning", before == null ? text : before + "; " + text);
    }

    /**
     * Puts a fork's observations ({@link Observer#stop}'s map) into {@code r}: the sections with
     * a thinned timeline, the flat metrics, the files, a table warning when threads pinned, and
     * the fork's own warnings as run warnings.
     */
    @SuppressWarnings("unchecked")
    public static void record(ScenarioResult r, Map<String, Object> observed, RunDirectory run) {
        Map<String, Object> resources = (Map<String, Object>) observed.get("resources");
        if (resources != null) {
            resources.put("timeline", ResourceSampler.thin((List<Object>) resources.get("timeline"),
                    ResourceSampler.INLINE_POINTS));
            r.section("resources", resources);
            Map<String, Object> s = (Map<String, Object>) resources.get("summary");
            for (String k : List.of("threads_peak", "cpu_user_ms", "cpu_sys_ms", "cpu_util_pct", "heap_peak_bytes",
                    "gc_count", "gc_time_ms", "alloc_bytes_per_task", "rss_peak_bytes")) {
                if (s.get(k) != null) {
                    r.metric(k, s.get(k));
                }
            }
            if (Files.isRegularFile(observationFile(run, r.id()))) {
                r.file("timeline", relative(run, observationFile(run, r.id()).toString()));
            }
        }
        recordPinning(r, (Map<String, Object>) observed.get("pinning"));
        if (observed.get("carriers") != null) {
            r.section("carriers", observed.get("carriers"));
        }
        Map<String, Object> profile = (Map<String, Object>) observed.get("profile");
        if (profile != null) {
            r.config("profile", profile.get("event"));
        }
        if (profile != null && profile.get("flame") != null) {
            r.file("flame", relative(run, (String) profile.get("flame")));
            r.file("collapsed", relative(run, (String) profile.get("collapsed")));
            r.metric("profile_samples", profile.get("samples"));
            List<Object> workerFlames = (List<Object>) profile.getOrDefault("worker_flames", List.of());
            for (int k = 0; k < workerFlames.size(); k++) {
                r.file("worker_flame_" + k, relative(run, (String) workerFlames.get(k)));
            }
        }
        if (observed.get("jfr") != null) {
            r.file("jfr", relative(run, (String) observed.get("jfr")));
        }
        for (Object w : (List<Object>) observed.getOrDefault("warnings", List.of())) {
            run.warn(r.id() + ": " + w);
        }
    }

    private static void recordPinning(ScenarioResult r, Map<String, Object> pinning) {
        if (pinning == null) {
            return;
        }
        r.section("pinning", pinning);
        long count = ((Number) pinning.get("count")).longValue();
        r.metric("pinned_count", count);
        if (count > 0) {
            warn(r, String.format(Locale.ROOT, "virtual threads pinned their carrier %d times (%.1f ms)",
                    count, ((Number) pinning.get("total_ms")).doubleValue()));
        }
    }

    private static String relative(RunDirectory run, String path) {
        Path p = Path.of(path).toAbsolutePath().normalize();
        Path base = run.dir().toAbsolutePath().normalize();
        return p.startsWith(base) ? base.relativize(p).toString().replace('\\', '/') : p.toString();
    }
}
