package org.fiberbench.executor;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import one.profiler.AsyncProfiler;
import one.profiler.Counter;

/**
 * async-profiler inside a process-pool worker, driven by the parent's {@code P} lines so that a
 * worker's profile covers the scenario's measured part, like the fork's own. Answers are one line:
 * {@code ok [samples]} or the reason it failed. Not thread-safe: the worker's main thread only.
 */
final class WorkerProfiler {
    private AsyncProfiler profiler;
    private String event;

    /** {@code start <event> <library>} or {@code stop <collapsed> <flame>}, tab-separated (paths may hold spaces). */
    String handle(String[] args) {
        try {
            if (args.length == 3 && args[0].equals("start")) {
                profiler = AsyncProfiler.getInstance(args[2]);
                profiler.execute("start,event=" + args[1]);
                event = args[1];
                return "ok";
            }
            if (args.length == 3 && args[0].equals("stop") && profiler != null) {
                return "ok " + stop(Path.of(args[1]), Path.of(args[2]));
            }
            return "error: unexpected profiler command " + String.join(" ", args);
        } catch (IOException | RuntimeException | UnsatisfiedLinkError e) {
            return "error: " + e.getMessage();
        }
    }

    private long stop(Path collapsed, Path flame) throws IOException {
        profiler.stop();
        boolean weighted = event.equals("alloc") || event.equals("lock");
        Files.writeString(collapsed, profiler.dumpCollapsed(weighted ? Counter.TOTAL : Counter.SAMPLES),
                StandardCharsets.UTF_8);
        profiler.execute("flamegraph," + (weighted ? "total," : "") + "title=fiberbench process-pool worker "
                + ProcessHandle.current().pid() + ",file=" + flame);
        long samples = profiler.getSamples();
        profiler = null;
        return samples;
    }
}
