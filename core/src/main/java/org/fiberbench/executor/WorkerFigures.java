package org.fiberbench.executor;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code workers} section of a result, as a typed record: made by {@link WorkerStats#section}
 * in the JVM that ran the tasks (a loop fork, a JMH fork, the server), it crosses to the parent as
 * JSON and comes back as the same record, so nothing is cast on the way. {@link #toMap} is the
 * section as results.json has it.
 *
 * @param imbalance max busy / mean busy, rounded to 3 places; null without workers or busy time
 * @param busy      what busy time measures ({@link WorkerStats.Busy#key()}), or null for empty totals
 * @param byWorker  each worker's figures by name, sorted by name
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record WorkerFigures(Double imbalance, String busy, Map<String, Worker> byWorker) {
    private static final ObjectMapper JSON = new ObjectMapper();

    public WorkerFigures {
        byWorker = Collections.unmodifiableMap(new LinkedHashMap<>(byWorker));
    }

    /**
     * One worker's figures.
     *
     * @param tasks  tasks it ran; null when the executor cannot tell which carrier ran a task
     * @param runs   continuation runs, only where busy is {@code mounted_time} (else null and left out)
     * @param busyMs its busy time in ms
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Worker(Long tasks, @JsonInclude(JsonInclude.Include.NON_NULL) Long runs, double busyMs) {
    }

    /** The section as results.json has it: {@code {imbalance, busy, by_worker: {name: {tasks, [runs,] busy_ms}}}}. */
    public Map<String, Object> toMap() {
        return JSON.convertValue(this, new TypeReference<Map<String, Object>>() { });
    }
}
