package org.fiberbench.measure;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.fiberbench.spec.SpecException;

/**
 * What to observe in every scenario's JVM, resolved once per run and sent to each fork as system
 * properties ({@link #toProperties} / {@link #fromProperties}).
 *
 * @param sampleIntervalMs  resource sampling period
 * @param pinningThreshold  shortest pinning recorded ({@code jdk.VirtualThreadPinned}); zero records all
 * @param profileEvent      async-profiler event the fork starts, or null for no profile
 * @param profilerLibrary   async-profiler's extracted native library; required with an event
 * @param jfr               whether each scenario also writes a {@code .jfr} recording
 */
public record ObserveOptions(long sampleIntervalMs, Duration pinningThreshold, String profileEvent,
                             Path profilerLibrary, boolean jfr) {
    /** JFR's own default threshold for {@code jdk.VirtualThreadPinned}. */
    public static final Duration DEFAULT_PINNING_THRESHOLD = Duration.ofMillis(20);
    public static final ObserveOptions DEFAULT = new ObserveOptions(ResourceSampler.DEFAULT_INTERVAL_MS,
            DEFAULT_PINNING_THRESHOLD, null, null, false);
    private static final String P = "fiberbench.observe.";

    public ObserveOptions {
        if (sampleIntervalMs < 1 || sampleIntervalMs > 60_000) {
            throw new SpecException("--sample-interval " + sampleIntervalMs + "ms is out of range; accepted: 1ms..60s");
        }
        if (pinningThreshold.isNegative()) {
            throw new SpecException("--pinning-threshold " + pinningThreshold.toMillis() + "ms must be >= 0");
        }
        if (profileEvent != null) {
            profileEvent = ProfilerLibrary.checkEvent(profileEvent);
            if (profilerLibrary == null) {
                throw new IllegalArgumentException("profiling '" + profileEvent + "' needs the profiler library");
            }
        }
    }

    public ObserveOptions withProfile(String event, Path library) {
        return new ObserveOptions(sampleIntervalMs, pinningThreshold, event, library, jfr);
    }

    /** The name profile files carry: {@code cpu} for every CPU mode, else the event. */
    public String profileLabel() {
        return profileEvent == null ? null : profileEvent.endsWith("timer") ? "cpu" : profileEvent;
    }

    /** JVM options a fork needs for these observations, on top of the properties. */
    public List<String> forkJvmArgs() {
        List<String> args = new ArrayList<>();
        if (profileEvent != null) {
            // frames between safepoints: without it, inlined workload methods vanish from profiles
            args.add("-XX:+UnlockDiagnosticVMOptions");
            args.add("-XX:+DebugNonSafepoints");
        }
        return args;
    }

    public Map<String, String> toProperties() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(P + "interval.ms", Long.toString(sampleIntervalMs));
        m.put(P + "pinning.us", Long.toString(pinningThreshold.toNanos() / 1000));
        m.put(P + "jfr", Boolean.toString(jfr));
        if (profileEvent != null) {
            m.put(P + "profile.event", profileEvent);
            m.put(P + "profile.lib", profilerLibrary.toString());
        }
        return m;
    }

    public static ObserveOptions fromProperties(Properties p) {
        String lib = p.getProperty(P + "profile.lib");
        return new ObserveOptions(Long.parseLong(p.getProperty(P + "interval.ms", "100")),
                Duration.ofNanos(Long.parseLong(p.getProperty(P + "pinning.us", "20000")) * 1000),
                p.getProperty(P + "profile.event"), lib == null ? null : Path.of(lib),
                Boolean.parseBoolean(p.getProperty(P + "jfr", "false")));
    }
}
