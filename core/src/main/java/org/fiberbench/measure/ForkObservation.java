package org.fiberbench.measure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.fiberbench.executor.ExecutorSpec;

/**
 * The fork's side of observing a scenario, driven by system properties the parent set: {@link
 * #startIfAsked} when the measured part begins, {@link #finish} when it ends, which writes {@link
 * Observer#stop}'s {@link Observed} as JSON to {@code -Dfiberbench.observe.out} for the parent to
 * read back ({@link Observed#read}). A fork started without that property observes nothing. One
 * controlling thread.
 */
public final class ForkObservation {
    /** The JSON file the fork writes its observations to. */
    public static final String OUT_PROPERTY = "fiberbench.observe.out";
    public static final String JFR_PROPERTY = "fiberbench.observe.file.jfr";
    public static final String COLLAPSED_PROPERTY = "fiberbench.observe.file.collapsed";
    public static final String FLAME_PROPERTY = "fiberbench.observe.file.flame";

    private final Observer observer;
    private final Path out;

    private ForkObservation(Observer observer, Path out) {
        this.observer = observer;
        this.out = out;
    }

    /** Starts observing when the parent asked for it (else null), for a scenario on {@code executorSpec}. */
    public static ForkObservation startIfAsked(String executorSpec) {
        String out = System.getProperty(OUT_PROPERTY);
        if (out == null) {
            return null;
        }
        ObserveOptions o = ObserveOptions.fromProperties(System.getProperties());
        Observer.Files files = new Observer.Files(path(JFR_PROPERTY), path(COLLAPSED_PROPERTY), path(FLAME_PROPERTY));
        return new ForkObservation(Observer.start(o, Observer.Carriers.of(ExecutorSpec.parse(executorSpec)), files),
                Path.of(out));
    }

    /**
     * The same observation without files (no profiler, no recording), to be {@link #discard}ed:
     * started over the warm-up, so that JFR's start-up, the class loading and the compilation of
     * the observers' own code happen there. Started cold at the first measured iteration, they
     * took CPU from the measured work: on 2 cores, 5–15% of a CPU-bound batch. Null when the parent
     * asked for no observation.
     */
    public static ForkObservation rehearseIfAsked(String executorSpec) {
        if (System.getProperty(OUT_PROPERTY) == null) {
            return null;
        }
        ObserveOptions o = ObserveOptions.fromProperties(System.getProperties());
        return new ForkObservation(Observer.start(o, Observer.Carriers.of(ExecutorSpec.parse(executorSpec)),
                Observer.Files.NONE), null);
    }

    /** Stops a rehearsal; what it saw is dropped unread (reading JFR's events would compile the parser next to the measured part). */
    public void discard() {
        observer.discard();
    }

    private static Path path(String key) {
        String v = System.getProperty(key);
        return v == null ? null : Path.of(v);
    }

    /** A measurement iteration starts (see {@link Observer#iterationStarted}). */
    public void iterationStarted() {
        observer.iterationStarted();
    }

    /** A measurement iteration ended (see {@link Observer#iterationEnded}). */
    public void iterationEnded() {
        observer.iterationEnded();
    }

    /** Stops observing and writes the observations; {@code tasks} completed in the window. */
    public void finish(long tasks) {
        Observed observed = observer.stop(tasks);
        try {
            Path tmp = out.resolveSibling("." + out.getFileName() + ".tmp");
            Files.write(tmp, observed.toJson());
            Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write observations to " + out, e);
        }
    }
}
