package org.fiberbench.cli;

import java.time.Duration;
import java.util.List;
import org.fiberbench.measure.ObserveOptions;
import org.fiberbench.measure.ProfilerLibrary;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.spec.SpecException;
import picocli.CommandLine.Option;

/** Flags for what every scenario's JVM observes: resources, pinning, async-profiler, JFR. */
public final class ObserveFlags {
    @Option(names = "--sample-interval", paramLabel = "D", converter = Converters.DurationConverter.class,
            description = "resource sampling period, e.g. 100ms (default)")
    Duration sampleInterval = Duration.ofMillis(ObserveOptions.DEFAULT.sampleIntervalMs());

    @Option(names = "--pinning-threshold", paramLabel = "D", converter = Converters.DurationConverter.class,
            description = "shortest virtual-thread pinning recorded (default 20ms; 0 records every one)")
    Duration pinningThreshold = ObserveOptions.DEFAULT_PINNING_THRESHOLD;

    @Option(names = "--profile", paramLabel = "EVENT",
            description = "async-profiler flame graph per scenario: cpu, wall, alloc, lock (or itimer, ctimer)")
    String profile;

    @Option(names = "--profile-required", description = "fail (exit 2) when async-profiler cannot run here, "
            + "instead of running without profiles")
    boolean profileRequired;

    @Option(names = "--jfr", description = "write a JFR recording (settings=profile) per scenario")
    boolean jfr;

    /**
     * Validates the flags and probes async-profiler; called before the run directory exists, so
     * bad input leaves nothing behind. Warnings for the run are added to {@code warnings}.
     */
    ObserveOptions resolve(List<String> warnings) {
        long ms = sampleInterval.toMillis();
        if (sampleInterval.isZero() || sampleInterval.isNegative() || ms > 60_000) {
            throw new SpecException("--sample-interval " + sampleInterval.toMillis() + "ms is out of range; accepted: 1ms..60s");
        }
        ObserveOptions o = new ObserveOptions(Math.max(1, ms), pinningThreshold, null, null, jfr);
        if (profile == null) {
            return o;
        }
        String event = ProfilerLibrary.checkEvent(profile);
        try {
            ProfilerLibrary.Probe probe = ProfilerLibrary.probe(event);
            if (probe.warning() != null) {
                warnings.add(probe.warning());
            }
            return o.withProfile(probe.event(), probe.library());
        } catch (IllegalStateException e) {
            if (profileRequired) {
                throw new SpecException(e.getMessage() + " (--profile-required)");
            }
            warnings.add(e.getMessage() + "; running without profiles");
            return o;
        }
    }

    /** Records {@link #resolve}'s warnings in the run directory and on stderr. */
    static void warn(List<String> warnings, RunDirectory run) {
        for (String w : warnings) {
            run.warn(w);
            System.err.println("WARNING: " + w);
        }
    }
}
