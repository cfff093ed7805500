package org.fiberbench.workload.jdbc;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.SQLTransientConnectionException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * A fork's query counters, written as one JSON line to the file named by {@value #PROPERTY} when the
 * workload closes (or the fork exits after a failed batch), and summed by the parent. Thread-safe
 * and lock-free: tasks only add to {@link LongAdder}s and, once, CAS the first error.
 */
public final class JdbcStats {
    /** System property of a fork: the file the counters are appended to. */
    public static final String PROPERTY = "fiberbench.db.stats";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final LongAdder queries = new LongAdder();
    private final LongAdder failed = new LongAdder();
    private final LongAdder poolTimeouts = new LongAdder();
    private final LongAdder wrongResults = new LongAdder();
    private final AtomicReference<String> firstError = new AtomicReference<>();

    void succeeded() {
        queries.increment();
    }

    void failed(Throwable t) {
        queries.increment();
        failed.increment();
        if (t instanceof JdbcQuery.WrongResultException) {
            wrongResults.increment();
        } else if (t instanceof SQLTransientConnectionException) {
            poolTimeouts.increment(); // HikariCP: no connection within the pool's connection timeout
        }
        firstError.compareAndSet(null, t.getClass().getName() + ": " + t.getMessage());
    }

    Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("queries", queries.sum());
        m.put("failed", failed.sum());
        m.put("pool_timeouts", poolTimeouts.sum());
        m.put("wrong_results", wrongResults.sum());
        m.put("first_error", firstError.get());
        return m;
    }

    /** Appends this fork's counters as one line to {@code file}. */
    void append(Path file) throws IOException {
        Files.write(file, (JSON.writeValueAsString(toMap()) + "\n").getBytes(StandardCharsets.UTF_8),
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    /** Sums the lines of every fork; an absent file sums to zeros. */
    public static Map<String, Object> sum(Path file) throws IOException {
        Map<String, Object> total = new LinkedHashMap<>();
        total.put("queries", 0L);
        total.put("failed", 0L);
        total.put("pool_timeouts", 0L);
        total.put("wrong_results", 0L);
        total.put("first_error", null);
        total.put("forks_reported", 0L);
        if (!Files.exists(file)) {
            return total;
        }
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.isBlank()) {
                continue;
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> m = JSON.readValue(line, Map.class);
            for (String k : List.of("queries", "failed", "pool_timeouts", "wrong_results")) {
                total.put(k, (Long) total.get(k) + ((Number) m.get(k)).longValue());
            }
            if (total.get("first_error") == null) {
                total.put("first_error", m.get("first_error"));
            }
            total.put("forks_reported", (Long) total.get("forks_reported") + 1);
        }
        return total;
    }
}
