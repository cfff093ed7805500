package org.fiberbench.measure;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import jdk.jfr.Recording;
import org.fiberbench.executor.ProcessWorkers;

/**
 * Everything observed about one scenario inside its JVM, behind two calls: {@link #start} at the
 * first measured iteration, {@link #stop} after the last (and, where the caller knows them, {@link
 * #iterationStarted} and {@link #iterationEnded} around each measured iteration, for exact peaks). The JMH batch runner calls it from a
 * JMH profiler; a fork that drives its own loop calls it directly.
 *
 * <p>{@code stop} returns an {@link Observed}: the sections of results.json — {@code resources}
 * (full timeline), {@code pinning}, {@code carriers} (or null) — plus the profile (event, samples,
 * files written), the warnings and the JDK this JVM reports it runs on. Not thread-safe: one controlling thread.
 */
public final class Observer {
    /** Whose carriers to watch: fiberbench-made schedulers, the JDK's own, or none (platform threads). */
    public enum Carriers {
        NONE, CUSTOM, DEFAULT;

        /** Whose carriers an executor's virtual threads run on, if any. */
        public static Carriers of(org.fiberbench.executor.ExecutorSpec e) {
            if (!(e instanceof org.fiberbench.executor.OnVirtualThreads v)) {
                return NONE;
            }
            return v.scheduler().isDefault() ? DEFAULT : CUSTOM;
        }
    }

    /** Root frame of the process-pool workers' stacks in a scenario's collapsed file. */
    public static final String WORKER_ROOT_FRAME = "[process-pool worker]";

    private final ObserveOptions options;
    private final Files files;
    private final List<String> warnings = new ArrayList<>();
    private final VirtualThreadEvents events;
    private final CarrierSampler carriers;
    private final ResourceSampler sampler;
    private final Recording recording;
    private AsyncProfilerSession profiler;

    /**
     * Where the per-scenario files go; any may be null (not written).
     *
     * @param jfr       the {@code .jfr} recording, when {@link ObserveOptions#jfr()}
     * @param collapsed async-profiler's collapsed stacks
     * @param flame     async-profiler's flame graph HTML
     */
    public record Files(Path jfr, Path collapsed, Path flame) {
        public static final Files NONE = new Files(null, null, null);
    }

    private Observer(ObserveOptions options, Carriers carrierMode, Files files, Recording recording) {
        this.options = options;
        this.files = files;
        this.recording = recording;
        this.events = new VirtualThreadEvents(options.pinningThreshold());
        this.carriers = new CarrierSampler(carrierMode == Carriers.CUSTOM, carrierMode == Carriers.DEFAULT);
        if (options.profileEvent() != null && files.collapsed() != null) {
            try {
                profiler = AsyncProfilerSession.start(options.profilerLibrary(), options.profileEvent());
                // a process pool's work runs in its worker JVMs: they are profiled over the same window
                ProcessWorkers.startProfiling(options.profileEvent(), options.profilerLibrary());
            } catch (IllegalStateException e) {
                warnings.add(e.getMessage() + "; no profile for this scenario");
            }
        }
        // last, so the threads JFR and the profiler start are in the baseline, not in the peak
        this.sampler = ResourceSampler.start(options.sampleIntervalMs(), List.of(carriers));
    }

    public static Observer start(ObserveOptions options, Carriers carriers, Files files) {
        Recording rec = null;
        if (options.jfr() && files.jfr() != null) {
            try {
                rec = new Recording(JfrSettings.profile());
                rec.setDestination(files.jfr());
                rec.start();
            } catch (IOException | java.text.ParseException | RuntimeException e) {
                rec = null;
            }
        }
        return new Observer(options, carriers, files, rec);
    }

    /**
     * A measurement iteration starts: the exact peaks (platform threads, heap) are reset, so the
     * scenario's are the largest measured iteration's. A caller that never marks iterations gets
     * the peaks of the whole window.
     */
    public void iterationStarted() {
        sampler.iterationStarted();
    }

    /** A measurement iteration ended: its exact peaks, also kept for the summary. */
    public ResourceSampler.IterationPeaks iterationEnded() {
        return sampler.iterationEnded();
    }

    /** Stops every observation, reading and writing nothing: the end of a rehearsal, whose figures are dropped. */
    public void discard() {
        sampler.stop(0);
        events.discard();
    }

    /** Stops every observation, writes the files, and returns the sections (see the class comment). */
    public Observed stop(long tasks) {
        Resources resources = sampler.stop(tasks);
        events.stop();
        resources = new Resources(resources.intervalMs(), events.withGcPauses(resources.summary()), resources.timeline());
        Pinning pinning = events.pinning();
        CarrierFigures carrierFigures = carriers.section(0);
        Observed.Profile profile = stopProfiler();
        String jfr = null;
        if (recording != null) {
            try {
                recording.stop(); // writes the destination
                recording.close();
                jfr = files.jfr().toString();
            } catch (RuntimeException e) {
                warnings.add("JFR recording not written: " + e.getMessage());
            }
        } else if (options.jfr() && files.jfr() != null) {
            warnings.add("JFR recording could not start in this JVM");
        }
        return new Observed(resources, pinning, carrierFigures, profile, jfr, warnings, Observed.RanOn.here());
    }

    private Observed.Profile stopProfiler() {
        if (profiler == null) {
            return null;
        }
        Long samples = null;
        String collapsed = null;
        String flame = null;
        List<String> workerFlames = null;
        try {
            samples = profiler.stop(files.collapsed(), files.flame(), "fiberbench " + options.profileLabel());
            collapsed = files.collapsed().toString();
            flame = files.flame().toString();
            List<Path> workers = ProcessWorkers.stopProfiling(workerPrefix(files.collapsed()));
            if (!workers.isEmpty()) {
                appendWorkerStacks(files.collapsed(), workers);
                workerFlames = workers.stream().map(c -> c.toString().replaceFirst("\\.collapsed$", ".html")).toList();
            }
        } catch (IOException | RuntimeException e) {
            warnings.add("profile not written: " + e.getMessage());
        }
        return new Observed.Profile(profiler.event(), samples, collapsed, flame, workerFlames);
    }

    /** {@code scenarios/<id>-worker}: worker k's files are {@code <id>-worker-k.collapsed} and {@code .html}. */
    private static Path workerPrefix(Path collapsed) {
        String name = collapsed.getFileName().toString().replaceFirst("\\.collapsed$", "");
        return collapsed.resolveSibling(name + "-worker");
    }

    /**
     * Adds the workers' stacks to the scenario's collapsed file under one root frame, so a profile
     * diff of a process pool against a thread pool sees the workload on both sides.
     */
    private static void appendWorkerStacks(Path collapsed, List<Path> workers) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (Path w : workers) {
            for (String line : java.nio.file.Files.readAllLines(w)) {
                if (!line.isBlank()) {
                    sb.append(WORKER_ROOT_FRAME).append(';').append(line).append('\n');
                }
            }
            java.nio.file.Files.delete(w); // one collapsed file per scenario; each worker keeps its flame graph
        }
        java.nio.file.Files.writeString(collapsed, sb, java.nio.file.StandardOpenOption.APPEND);
    }
}
