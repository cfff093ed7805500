package org.fiberbench.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.fiberbench.measure.ForkObservation;
import org.fiberbench.measure.ObserveOptions;
import org.fiberbench.measure.Observed;
import org.fiberbench.measure.Observer;
import org.fiberbench.measure.Pinning;
import org.fiberbench.measure.ResourceSampler;
import org.fiberbench.measure.Resources;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.result.ScenarioResult;
import org.fiberbench.workload.WorkloadWarnings;

/**
 * The parent's side of observing scenarios: the system properties that tell a fork what to
 * observe (from the run's {@link RunContext}) and the per-scenario file names, and turning what a
 * fork observed (an {@link Observed}, read back from its JSON) into results.json sections, metrics,
 * files and warnings. The JMH runner adds its own profiler and uses {@link #forkJvmArgs} and
 * {@link #collect} like any runner.
 */
public final class Observation {
    /** The summary figures that are also flat metrics of the scenario. */
    private static final List<String> SUMMARY_METRICS = List.of("threads_peak", "cpu_user_ms", "cpu_sys_ms",
            "cpu_util_pct", "heap_peak_bytes", "gc_count", "gc_time_ms", "alloc_bytes_per_task", "rss_peak_bytes");

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

    /**
     * As {@link #forkJvmArgs(ObserveOptions, RunDirectory, String, Path)}, reporting to the scenario's
     * own observation file, which {@link #collect} reads: for a runner outside this package (JMH's).
     */
    public static List<String> forkJvmArgs(ObserveOptions o, RunDirectory run, String id) {
        return forkJvmArgs(o, run, id, observationFile(run, id));
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
    public static void collect(ScenarioResult r, RunDirectory run, String id) {
        Path f = observationFile(run, id);
        if (Files.isRegularFile(f)) {
            try {
                record(r, Observed.read(f), run);
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
     * Puts a fork's observations into {@code r}: the sections with a thinned timeline, the flat
     * metrics, the files, a table warning when threads pinned, and the fork's own warnings as run
     * warnings.
     */
    public static void record(ScenarioResult r, Observed observed, RunDirectory run) {
        if (observed.resources() != null) {
            Resources resources = observed.resources().thinned(ResourceSampler.INLINE_POINTS);
            r.section("resources", resources.toMap());
            Map<String, Object> s = resources.summary().toMap();
            for (String k : SUMMARY_METRICS) {
                if (s.get(k) != null) {
                    r.metric(k, s.get(k));
                }
            }
            if (Files.isRegularFile(observationFile(run, r.id()))) {
                r.file("timeline", relative(run, observationFile(run, r.id()).toString()));
            }
        }
        recordPinning(r, observed.pinning());
        if (observed.carriers() != null) {
            r.section("carriers", observed.carriers().toMap());
        }
        recordProfile(r, observed.profile(), run);
        if (observed.jfr() != null) {
            r.file("jfr", relative(run, observed.jfr()));
        }
        if (observed.jdk() != null) {
            r.jdk(observed.jdk().toSection());
        }
        for (String w : observed.warnings()) {
            run.warn(r.id() + ": " + w);
        }
    }

    private static void recordProfile(ScenarioResult r, Observed.Profile profile, RunDirectory run) {
        if (profile == null) {
            return;
        }
        r.config("profile", profile.event());
        if (profile.flame() != null) {
            r.file("flame", relative(run, profile.flame()));
            r.file("collapsed", relative(run, profile.collapsed()));
            r.metric("profile_samples", profile.samples());
            List<String> workerFlames = profile.workerFlames() == null ? List.of() : profile.workerFlames();
            for (int k = 0; k < workerFlames.size(); k++) {
                r.file("worker_flame_" + k, relative(run, workerFlames.get(k)));
            }
        }
    }

    private static void recordPinning(ScenarioResult r, Pinning pinning) {
        if (pinning == null) {
            return;
        }
        r.section("pinning", pinning.toMap());
        r.metric("pinned_count", pinning.count());
        if (pinning.count() > 0) {
            warn(r, String.format(Locale.ROOT, "virtual threads pinned their carrier %d times (%.1f ms)",
                    pinning.count(), pinning.totalMs()));
        }
    }

    private static String relative(RunDirectory run, String path) {
        Path p = Path.of(path).toAbsolutePath().normalize();
        Path base = run.dir().toAbsolutePath().normalize();
        return p.startsWith(base) ? base.relativize(p).toString().replace('\\', '/') : p.toString();
    }
}
