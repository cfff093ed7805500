package org.fiberbench.measure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingStream;

/**
 * JFR event streaming inside the measured JVM: virtual threads that pinned their carrier
 * ({@code jdk.VirtualThreadPinned}, with stacks), virtual threads the scheduler refused
 * ({@code jdk.VirtualThreadSubmitFailed}) and GC pauses ({@code jdk.GarbageCollection}).
 *
 * <p>Thread-safety: the callbacks run on JFR's single stream thread; {@link #stop} waits until
 * the stream has consumed every event before the figures are read.
 */
final class VirtualThreadEvents {
    static final int TOP_STACKS = 5;
    static final int FRAMES_PER_STACK = 24;

    private final RecordingStream stream = new RecordingStream();
    private final Map<List<String>, Integer> pinnedStacks = new HashMap<>();
    private long pinned;
    private long pinnedNanos;
    private long submitFailed;
    private long gcPauses;
    private long gcPauseNanos;
    private long gcPauseMaxNanos;

    VirtualThreadEvents(Duration pinningThreshold) {
        stream.enable("jdk.VirtualThreadPinned").withThreshold(pinningThreshold).withStackTrace();
        stream.enable("jdk.VirtualThreadSubmitFailed").withStackTrace();
        stream.enable("jdk.GarbageCollection");
        stream.onEvent("jdk.VirtualThreadPinned", this::onPinned);
        stream.onEvent("jdk.VirtualThreadSubmitFailed", e -> submitFailed++);
        stream.onEvent("jdk.GarbageCollection", this::onGc);
        // JFR's own startAsync() thread is not a daemon: a fork whose benchmark failed before
        // stop() would then never exit (JMH waits, then halts it, and the fork's files are lost)
        Thread consumer = new Thread(this::consume, "fiberbench-jfr-events");
        consumer.setDaemon(true);
        consumer.start();
    }

    private void consume() {
        try {
            stream.start();
        } catch (IllegalStateException closed) {
            // closed before it started: nothing to consume
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

    /** Stops the stream once every recorded event has been consumed, then closes it. */
    void stop() {
        try {
            stream.stop();
        } catch (IllegalStateException notStarted) {
            // nothing recorded
        } finally {
            stream.close();
        }
    }

    /** The {@code pinning} section: count, total_ms, submit_failed, top_stacks. */
    synchronized Pinning pinning() {
        List<Pinning.Stack> top = pinnedStacks.entrySet().stream()
                .sorted((a, b) -> Integer.compare(b.getValue(), a.getValue()))
                .limit(TOP_STACKS)
                .map(e -> new Pinning.Stack(e.getValue(), e.getKey()))
                .toList();
        return new Pinning(pinned, ResourceSampler.round(pinnedNanos / 1e6), submitFailed, top);
    }

    /** {@code summary} with the GC pauses seen: count, total and longest in ms. */
    synchronized Resources.Summary withGcPauses(Resources.Summary summary) {
        return summary.withGcPauses(gcPauses, ResourceSampler.round(gcPauseNanos / 1e6),
                ResourceSampler.round(gcPauseMaxNanos / 1e6));
    }
}
