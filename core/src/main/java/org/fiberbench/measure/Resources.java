package org.fiberbench.measure;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;
import java.util.Map;

/**
 * The {@code resources} section of a result, as {@link ResourceSampler} makes it: the sampling
 * period, the window's {@link Summary} and its timeline (null when not asked for, then left out).
 * A typed record so that it crosses from a fork (or the server's {@code /stats}) as JSON and is read
 * back as the same record; {@link #toMap} is the section as results.json has it. Keys are the
 * snake_case of the components.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record Resources(long intervalMs, Summary summary,
                        @JsonInclude(JsonInclude.Include.NON_NULL) List<Point> timeline) {
    /**
     * Writes and reads the observation records. Whole numbers read back as Long, as the fork made
     * them (the carriers' scheduler figures are untyped numbers), so a round trip is equal.
     */
    static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.USE_LONG_FOR_INTS);

    public Resources {
        timeline = timeline == null ? null : List.copyOf(timeline);
    }

    /** This section with at most {@code max} timeline points ({@link ResourceSampler#thin}). */
    public Resources thinned(int max) {
        return timeline == null ? this : new Resources(intervalMs, summary, ResourceSampler.thin(timeline, max));
    }

    /** The section as results.json has it. */
    public Map<String, Object> toMap() {
        return JSON.convertValue(this, new TypeReference<Map<String, Object>>() { });
    }

    /**
     * The window's figures (docs/results-format.md). With process-pool workers, CPU, RSS and
     * threads are the scenario's: this JVM's plus its worker JVMs', whose own share is {@code
     * workerProcesses}. Nullable figures are null where this machine cannot measure them (and are
     * written as null); the GC pause figures come from JFR and are left out where it did not run.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Summary(long threadsStart, int threadsPeak, long cpuUserMs, Long cpuSysMs, double cpuUtilPct,
                          double cpuCoresUsed, Double cpuMsPerTask, long heapPeakBytes, long gcCount, long gcTimeMs,
                          Long allocBytes, Double allocBytesPerTask, Long rssPeakBytes, Long ctxVoluntary,
                          Long ctxInvoluntary, long wallMs, int samples, Double samplerCpuMs,
                          @JsonInclude(JsonInclude.Include.NON_NULL) WorkerProcesses workerProcesses,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Long gcPauseCount,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Double gcPauseTotalMs,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Double gcPauseMaxMs) {

        /** This summary with the GC pauses JFR saw in the window. */
        public Summary withGcPauses(long count, double totalMs, double maxMs) {
            return new Summary(threadsStart, threadsPeak, cpuUserMs, cpuSysMs, cpuUtilPct, cpuCoresUsed, cpuMsPerTask,
                    heapPeakBytes, gcCount, gcTimeMs, allocBytes, allocBytesPerTask, rssPeakBytes, ctxVoluntary,
                    ctxInvoluntary, wallMs, samples, samplerCpuMs, workerProcesses, count, totalMs, maxMs);
        }

        /** The summary as results.json has it, by key. */
        public Map<String, Object> toMap() {
            return JSON.convertValue(this, new TypeReference<Map<String, Object>>() { });
        }
    }

    /** The process-pool worker JVMs' own share of the window. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record WorkerProcesses(long countPeak, long cpuUserMs, long cpuSysMs, long rssPeakBytes, long threadsPeak) {
    }

    /**
     * One sample, counters relative to the window's start. The figures this machine cannot read are
     * null; the {@code workers*} figures are there only while process-pool workers ran (else left out).
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Point(long tMs, long threads, long cpuUserMs, long cpuSysMs, long heapUsedBytes, long gcCount,
                        long gcTimeMs, Long rssBytes, Long allocBytes, Long ctxVoluntary, Long ctxInvoluntary,
                        @JsonInclude(JsonInclude.Include.NON_NULL) Long workers,
                        @JsonInclude(JsonInclude.Include.NON_NULL) Long workersCpuUserMs,
                        @JsonInclude(JsonInclude.Include.NON_NULL) Long workersCpuSysMs,
                        @JsonInclude(JsonInclude.Include.NON_NULL) Long workersRssBytes,
                        @JsonInclude(JsonInclude.Include.NON_NULL) Long workersThreads) {
    }
}
