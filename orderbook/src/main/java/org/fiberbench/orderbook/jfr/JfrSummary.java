package org.fiberbench.orderbook.jfr;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;

/**
 * The three views of seed 002's Flight Recorder checklist that matter for the book, read from a
 * recording: hot methods (top frames of {@code jdk.ExecutionSample}, bottom-up), allocation by
 * class (weights of {@code jdk.ObjectAllocationSample}) and GC pauses ({@code jdk.GarbageCollection}).
 * When the recording holds {@link MeasuredWindow} events, only events that start inside one count,
 * so that parsing the input and the warm-up do not drown the measured code.
 *
 * @param measuredSeconds the total length of the measured windows; 0 when the whole recording counts
 */
public record JfrSummary(double measuredSeconds, long executionSamples, List<Entry> hotMethods, long sampledAllocationBytes,
                         List<Entry> allocationByClass, int gcCount, double gcPauseTotalMs, double gcPauseMaxMs) {

    /** A method or class with its count (samples or bytes) and share of the total in percent. */
    public record Entry(String name, long value, double percent) {
    }

    /** Sums the recording's events; {@code top} entries per list. One pass: the window events come last. */
    public static JfrSummary read(Path recording, int top) {
        List<Instant[]> windows = new ArrayList<>();
        List<RecordedEvent> counted = new ArrayList<>();
        try (RecordingFile file = new RecordingFile(recording)) {
            while (file.hasMoreEvents()) {
                RecordedEvent e = file.readEvent();
                String type = e.getEventType().getName();
                if (type.equals(MeasuredWindow.NAME)) {
                    windows.add(new Instant[] {e.getStartTime(), e.getEndTime()});
                } else if (Tally.COUNTED.contains(type)) {
                    counted.add(e);
                }
            }
        } catch (IOException e) {
            throw unreadable(recording, e);
        }
        Tally t = new Tally();
        for (RecordedEvent e : counted) {
            if (windows.isEmpty() || inside(windows, e.getStartTime())) {
                t.add(e);
            }
        }
        double measured = windows.stream().mapToDouble(w -> Duration.between(w[0], w[1]).toNanos() / 1e9).sum();
        return new JfrSummary(measured, t.samples, top(t.methods, t.samples, top), t.bytes, top(t.classes, t.bytes, top),
                t.gcs, t.pauseTotal, t.pauseMax);
    }

    private static boolean inside(List<Instant[]> windows, Instant t) {
        for (Instant[] w : windows) {
            if (!t.isBefore(w[0]) && !t.isAfter(w[1])) {
                return true;
            }
        }
        return false;
    }

    private static UncheckedIOException unreadable(Path recording, IOException e) {
        return new UncheckedIOException("cannot read recording " + recording + ": " + e.getMessage(), e);
    }

    /** Running totals of the events that count. */
    private static final class Tally {
        static final Set<String> COUNTED = Set.of("jdk.ExecutionSample", "jdk.ObjectAllocationSample", "jdk.GarbageCollection");
        final Map<String, Long> methods = new HashMap<>();
        final Map<String, Long> classes = new HashMap<>();
        long samples;
        long bytes;
        int gcs;
        double pauseTotal;
        double pauseMax;

        void add(RecordedEvent e) {
            switch (e.getEventType().getName()) {
                case "jdk.ExecutionSample" -> {
                    samples++;
                    methods.merge(topFrame(e), 1L, Long::sum);
                }
                case "jdk.ObjectAllocationSample" -> {
                    long w = e.getLong("weight");
                    bytes += w;
                    classes.merge(e.getClass("objectClass").getName(), w, Long::sum);
                }
                case "jdk.GarbageCollection" -> {
                    gcs++;
                    pauseTotal += e.getDuration("sumOfPauses").toNanos() / 1e6;
                    pauseMax = Math.max(pauseMax, e.getDuration("longestPause").toNanos() / 1e6);
                }
                default -> {
                    // other events are not part of the summary
                }
            }
        }
    }

    private static String topFrame(RecordedEvent e) {
        var stack = e.getStackTrace();
        if (stack == null || stack.getFrames().isEmpty()) {
            return "(no stack)";
        }
        RecordedFrame f = stack.getFrames().get(0);
        return f.getMethod().getType().getName() + "." + f.getMethod().getName();
    }

    private static List<Entry> top(Map<String, Long> counts, long total, int n) {
        return counts.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()).thenComparing(Map.Entry.comparingByKey()))
                .limit(n)
                .map(en -> new Entry(en.getKey(), en.getValue(), total == 0 ? 0 : 100.0 * en.getValue() / total))
                .toList();
    }

    /** The summary as plain text, for a {@code -jfr.txt} file and the terminal. */
    public String render() {
        StringBuilder b = new StringBuilder();
        b.append(measuredSeconds > 0 ? String.format("Within the measured window (%.3f s)%n", measuredSeconds)
                : String.format("Whole recording (no measured window marked)%n"));
        b.append(String.format("Hot methods (top frame of %d execution samples)%n", executionSamples));
        hotMethods.forEach(e -> b.append(String.format("  %6.2f%%  %8d  %s%n", e.percent(), e.value(), e.name())));
        b.append(String.format("Allocation by class (%d sampled bytes)%n", sampledAllocationBytes));
        allocationByClass.forEach(e -> b.append(String.format("  %6.2f%%  %12d  %s%n", e.percent(), e.value(), e.name())));
        b.append(String.format("GC: %d collections, pauses total %.3f ms, longest %.3f ms%n", gcCount, gcPauseTotalMs, gcPauseMaxMs));
        return b.toString();
    }

    /** The summary as a JSON-able map for the {@code jfr} section of a scenario. */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("measured_s", measuredSeconds);
        m.put("execution_samples", executionSamples);
        m.put("hot_methods", hotMethods.stream().map(JfrSummary::entry).toList());
        m.put("sampled_allocation_bytes", sampledAllocationBytes);
        m.put("allocation_by_class", allocationByClass.stream().map(JfrSummary::entry).toList());
        m.put("gc_count", gcCount);
        m.put("gc_pause_total_ms", gcPauseTotalMs);
        m.put("gc_pause_max_ms", gcPauseMaxMs);
        return m;
    }

    private static Map<String, Object> entry(Entry e) {
        return Map.of("name", e.name(), "value", e.value(), "percent", e.percent());
    }
}
