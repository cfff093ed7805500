package org.fiberbench.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordingFile;

/**
 * JFR events of the measured JVM: virtual threads that pinned their carrier ({@code
 * jdk.VirtualThreadPinned}, with stacks), virtual threads the scheduler refused ({@code
 * jdk.VirtualThreadSubmitFailed}) and GC pauses ({@code jdk.GarbageCollection}). They are recorded
 * to disk while the scenario runs and read once, at {@link #stop}: a {@code RecordingStream} would
 * parse JFR's chunks every second in a thread of the measured JVM, and that parsing (and the
 * compiling of the parser) took CPU from CPU-bound work on a small machine.
 *
 * <p>Thread-safety: one controlling thread starts, stops and reads it.
 */
final class VirtualThreadEvents {
    static final int TOP_STACKS = 5;
    static final int FRAMES_PER_STACK = 24;

    private final Recording recording = new Recording();
    private final Duration threshold;
    private final Map<List<String>, Integer> pinnedStacks = new HashMap<>();
    private boolean started;
    private long pinned;
    private long pinnedNanos;
    private long submitFailed;
    private long gcPauses;
    private long gcPauseNanos;
    private long gcPauseMaxNanos;

    VirtualThreadEvents(Duration pinningThreshold) {
        this.threshold = pinningThreshold;
        recording.enable("jdk.VirtualThreadPinned").withThreshold(pinningThreshold).withStackTrace();
        recording.enable("jdk.VirtualThreadSubmitFailed").withStackTrace();
        recording.enable("jdk.GarbageCollection");
        recording.setToDisk(true); // every event kept, however many: a memory recording would wrap
        recording.setName("fiberbench-events");
        try {
            recording.start();
            started = true;
        } catch (IllegalStateException | SecurityException e) {
            // JFR unavailable in this JVM: no pinning figures, as with no events
        }
    }

    private void onEvent(RecordedEvent e) {
        switch (e.getEventType().getName()) {
            // the chunks hold every recording's events: --jfr's own may record shorter pinnings
            case "jdk.VirtualThreadPinned" -> {
                if (e.getDuration().compareTo(threshold) >= 0) {
                    onPinned(e);
                }
            }
            case "jdk.VirtualThreadSubmitFailed" -> submitFailed++;
            case "jdk.GarbageCollection" -> onGc(e);
            default -> { } // another recording's event in the same chunk
        }
    }

    private void onPinned(RecordedEvent e) {
        pinned++;
        pinnedNanos += e.getDuration().toNanos();
        pinnedStacks.merge(frames(e.getStackTrace()), 1, Integer::sum);
    }

    private void onGc(RecordedEvent e) {
        long sum = e.hasField("sumOfPauses") ? e.getDuration("sumOfPauses").toNanos() : e.getDuration().toNanos();
        long longest = e.hasField("longestPause") ? e.getDuration("longestPause").toNanos() : sum;
        gcPauses++;
        gcPauseNanos += sum;
        gcPauseMaxNanos = Math.max(gcPauseMaxNanos, longest);
    }

    /** {@code pkg.Class.method(Outer.java:line)}, innermost first, at most {@value #FRAMES_PER_STACK}. */
    static List<String> frames(RecordedStackTrace st) {
        List<String> out = new ArrayList<>();
        if (st == null) {
            return out;
        }
        for (RecordedFrame f : st.getFrames()) {
            if (out.size() == FRAMES_PER_STACK) {
                break;
            }
            String type = f.getMethod().getType().getName();
            String outer = type.substring(type.lastIndexOf('.') + 1).replaceFirst("\\$.*", "");
            int line = f.getLineNumber();
            out.add(type + "." + f.getMethod().getName() + (line > 0 ? "(" + outer + ".java:" + line + ")" : "()"));
        }
        return out;
    }

    /** Stops recording and reads what was recorded: the figures below are complete afterwards. */
    void stop() {
        if (!started) {
            recording.close();
            return;
        }
        Path file = null;
        try {
            recording.stop();
            file = Files.createTempFile("fiberbench-events-", ".jfr");
            recording.dump(file);
            try (RecordingFile events = new RecordingFile(file)) {
                while (events.hasMoreEvents()) {
                    onEvent(events.readEvent());
                }
            }
        } catch (IOException | IllegalStateException e) {
            // the figures stay those read so far; the run goes on without them
        } finally {
            recording.close();
            deleteQuietly(file);
        }
    }

    /** Stops recording and drops what was recorded, unread. */
    void discard() {
        recording.close();
    }

    private static void deleteQuietly(Path file) {
        try {
            if (file != null) {
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            // in the fork's own temporary directory, removed with it
        }
    }

    /** The {@code pinning} section: count, total_ms, submit_failed, top_stacks. */
    Pinning pinning() {
        List<Pinning.Stack> top = pinnedStacks.entrySet().stream()
                .sorted((a, b) -> Integer.compare(b.getValue(), a.getValue()))
                .limit(TOP_STACKS)
                .map(e -> new Pinning.Stack(e.getValue(), e.getKey()))
                .toList();
        return new Pinning(pinned, ResourceSampler.round(pinnedNanos / 1e6), submitFailed, top);
    }

    /** {@code summary} with the GC pauses seen: count, total and longest in ms. */
    Resources.Summary withGcPauses(Resources.Summary summary) {
        return summary.withGcPauses(gcPauses, ResourceSampler.round(gcPauseNanos / 1e6),
                ResourceSampler.round(gcPauseMaxNanos / 1e6));
    }
}
