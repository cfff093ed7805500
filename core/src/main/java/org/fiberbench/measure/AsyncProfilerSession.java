package org.fiberbench.measure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import one.profiler.AsyncProfiler;
import one.profiler.Counter;

/**
 * One async-profiler session inside the measured JVM, through its Java API: started at the first
 * measured iteration, stopped at the last, then dumped as collapsed stacks and a flame graph.
 * Not thread-safe: the controlling thread starts and stops it.
 */
final class AsyncProfilerSession {
    private final AsyncProfiler profiler;
    private final String event;

    private AsyncProfilerSession(AsyncProfiler profiler, String event) {
        this.profiler = profiler;
        this.event = event;
    }

    /** Loads the library and starts profiling {@code event}; throws IllegalStateException when it cannot. */
    static AsyncProfilerSession start(Path library, String event) {
        try {
            AsyncProfiler p = AsyncProfiler.getInstance(library.toString());
            p.execute("start,event=" + event);
            return new AsyncProfilerSession(p, event);
        } catch (IOException | RuntimeException | UnsatisfiedLinkError e) {
            throw new IllegalStateException("async-profiler did not start (" + event + "): " + e.getMessage(), e);
        }
    }

    String event() {
        return event;
    }

    /**
     * Stops and writes both files; returns the number of samples. Allocation and lock profiles
     * weigh frames by bytes / nanoseconds ({@code TOTAL}), CPU and wall ones by samples.
     */
    long stop(Path collapsed, Path flame, String title) throws IOException {
        profiler.stop();
        long samples = profiler.getSamples();
        boolean weighted = event.equals("alloc") || event.equals("lock");
        String stacks = profiler.dumpCollapsed(weighted ? Counter.TOTAL : Counter.SAMPLES);
        Files.writeString(collapsed, stacks, StandardCharsets.UTF_8);
        String t = title.replaceAll("[,=]", " ");
        profiler.execute("flamegraph," + (weighted ? "total," : "") + "title=" + t + ",file=" + flame);
        return samples;
    }
}
