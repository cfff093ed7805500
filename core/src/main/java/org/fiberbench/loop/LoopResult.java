package org.fiberbench.loop;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fiberbench.executor.WorkerFigures;
import org.fiberbench.measure.LatencyReport;
import org.fiberbench.measure.Stats;
import org.fiberbench.result.RunDirectory;

/**
 * What a loop fork hands back to the parent, as a typed record: the latency report, the per-second
 * iteration scores and the executor's worker balance. The fork writes it as JSON ({@link #write});
 * the parent reads it back ({@link #read}) into the same record, so nothing is cast on the way.
 *
 * <p>Scores, so ratios and {@code compare} work like for batches: an open scenario's score is its
 * corrected p99 in ms (the rate is fixed by the user, so latency is what differs between
 * executors), with the per-second p99s as iterations; a closed scenario's score is its throughput
 * in ops/s (a closed loop runs as fast as the system lets it), with per-second throughput as
 * iterations. Only measured intervals count, never warm-up or drain ones.
 *
 * @param workers the executor's worker balance, the {@code workers} section
 */
public record LoopResult(LatencyReport latency, List<Double> iterations, WorkerFigures workers) {
    // snake_case: the file is also kept in the run directory (files.loop_summary) and reads like results.json;
    // whole numbers come back as Long, as the fork had them, so a round trip is equal
    private static final ObjectMapper JSON = new ObjectMapper()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .enable(DeserializationFeature.USE_LONG_FOR_INTS);

    public LoopResult {
        iterations = List.copyOf(iterations);
    }

    public boolean open() {
        return latency.load().requestedRateOpsS() != null;
    }

    /** Open: the corrected p99 in ms (0 when nothing finished); closed: the achieved rate in ops/s. */
    public double score() {
        Long p99 = latency.views().corrected().p99Ns();
        return open() ? (p99 == null ? 0 : p99) / 1e6 : latency.outcome().achievedRateOpsS();
    }

    /** The flat metrics of results-format, unit-suffixed. */
    public Map<String, Object> metrics() {
        LatencyReport.Outcome o = latency.outcome();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("score", score());
        m.put("score_unit", open() ? "ms p99" : "ops/s");
        m.put("score_error", iterations.size() > 1 ? Stats.halfWidth(iterationValues()) : null);
        m.put("throughput_ops_s", o.achievedRateOpsS());
        m.put("requested_rate_ops_s", latency.load().requestedRateOpsS());
        m.put("completed", o.completed());
        m.put("errors", o.errors());
        m.put("in_flight_at_end", o.inFlightAtEnd());
        m.putAll(latency.percentileMetrics());
        LatencyReport.Percentiles startDelay = latency.views().startDelay();
        m.put("start_delay_p99_ns", startDelay == null ? null : startDelay.p99Ns());
        if (o.modelFigures().containsKey("peak_in_flight")) {
            m.put("peak_in_flight", o.modelFigures().get("peak_in_flight"));
        }
        if (o.saturationReason() != null) {
            m.put("warning", (o.saturated() ? "saturated: " : "") + o.saturationReason());
        }
        return m;
    }

    public double[] iterationValues() {
        return iterations.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** {@code metrics}, {@code iterations}, {@code latency} and {@code workers} as results.json has them. */
    public Map<String, Object> summary() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("metrics", metrics());
        out.put("iterations", iterationValues());
        out.put("latency", latency.section());
        out.put("workers", workers.toMap());
        return out;
    }

    /** Writes this result to {@code file} atomically: the parent never reads half of it. */
    public void write(Path file) throws IOException {
        RunDirectory.writeAtomically(file, toJson());
    }

    byte[] toJson() throws IOException {
        return JSON.writeValueAsBytes(this);
    }

    public static LoopResult read(Path file) throws IOException {
        return JSON.readValue(file.toFile(), LoopResult.class);
    }

    static LoopResult fromJson(byte[] json) throws IOException {
        return JSON.readValue(json, LoopResult.class);
    }
}
