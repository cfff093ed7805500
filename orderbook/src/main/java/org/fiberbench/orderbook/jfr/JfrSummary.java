package org.fiberbench.orderbook.jfr;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;

/**
 * The three views of seed 002's Flight Recorder checklist that matter for the book, read from a
 * recording: hot methods (top frames of {@code jdk.ExecutionSample}, bottom-up), allocation by
 * class (weights of {@code jdk.ObjectAllocationSample}) and GC pauses ({@code jdk.GarbageCollection}).
 */
public record JfrSummary(long executionSamples, List<Entry> hotMethods, long sampledAllocationBytes,
                         List<Entry> allocationByClass, int gcCount, double gcPauseTotalMs, double gcPauseMaxMs) {

    /** A method or class with its count (samples or bytes) and share of the total in percent. */
    public record Entry(String name, long value, double percent) {
    }

    public static JfrSummary read(Path recording, int top) {
        Map<String, Long> methods = new HashMap<>();
        Map<String, Long> classes = new HashMap<>();
        long samples = 0;
        long bytes = 0;
        int gcs = 0;
        double pauseTotal = 0;
        double pauseMax = 0;
        try (RecordingFile file = new RecordingFile(recording)) {
            while (file.hasMoreEvents()) {
                RecordedEvent e = file.readEvent();
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
                        double ms = e.getDuration("sumOfPauses").toNanos() / 1e6;
                        pauseTotal += ms;
                        pauseMax = Math.max(pauseMax, e.getDuration("longestPause").toNanos() / 1e6);
                    }
                    default -> {
                        // other events are not part of the summary
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read recording " + recording + ": " + e.getMessage(), e);
        }
        return new JfrSummary(samples, top(methods, samples, top), bytes, top(classes, bytes, top), gcs, pauseTotal, pauseMax);
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
