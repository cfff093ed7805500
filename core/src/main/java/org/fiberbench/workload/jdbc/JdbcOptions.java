package org.fiberbench.workload.jdbc;

import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.fiberbench.spec.Numbers;
import org.fiberbench.spec.Spec;
import org.fiberbench.spec.SpecException;

/**
 * A validated {@code jdbc:} workload spec, with every default resolved so that the canonical text
 * says what ran: {@code offload-threads} defaults to 2 × CPUs (seed 001's {@code db_executor}),
 * {@code pool} to 16 (the seed's connection pool).
 */
record JdbcOptions(JdbcQuery query, boolean offload, int offloadThreads, int pool, Duration poolTimeout) {
    /** In the order {@code list workloads} prints them. */
    static final Set<String> KEYS = new LinkedHashSet<>(List.of("query", "via", "offload-threads", "pool", "pool-timeout"));
    static final int DEFAULT_POOL = 16;
    static final int MAX_POOL = 1000;
    static final int MAX_OFFLOAD_THREADS = 10_000;
    static final Duration DEFAULT_POOL_TIMEOUT = Duration.ofSeconds(10);
    /** HikariCP refuses connection timeouts below 250 ms. */
    static final Duration MIN_POOL_TIMEOUT = Duration.ofMillis(250);

    static int defaultOffloadThreads() {
        return 2 * Runtime.getRuntime().availableProcessors();
    }

    static JdbcOptions of(Spec s) {
        JdbcQuery query = JdbcQuery.parse(s.string("query", "scan"));
        String via = s.string("via", "direct").toLowerCase(Locale.ROOT);
        if (!via.equals("direct") && !via.equals("offload")) {
            throw new SpecException(s.where("via") + ": '" + via + "' is not accepted; accepted: direct, offload");
        }
        boolean offload = via.equals("offload");
        if (!offload && s.has("offload-threads")) {
            throw new SpecException(s.where("offload-threads") + " needs via=offload");
        }
        int threads = s.intValue("offload-threads", defaultOffloadThreads(), 1, MAX_OFFLOAD_THREADS);
        int pool = s.intValue("pool", DEFAULT_POOL, 1, MAX_POOL);
        Duration timeout = s.has("pool-timeout")
                ? Numbers.parseDuration(s.where("pool-timeout"), s.string("pool-timeout", ""))
                : DEFAULT_POOL_TIMEOUT;
        if (timeout.compareTo(MIN_POOL_TIMEOUT) < 0) {
            throw new SpecException(s.where("pool-timeout") + " " + Numbers.formatDuration(timeout)
                    + " is too short; accepted: 250ms or more");
        }
        return new JdbcOptions(query, offload, threads, pool, timeout);
    }

    String canonical() {
        StringBuilder sb = new StringBuilder("jdbc:query=").append(query.text())
                .append(",via=").append(offload ? "offload" : "direct");
        if (offload) {
            sb.append(",offload-threads=").append(offloadThreads);
        }
        sb.append(",pool=").append(pool);
        if (!poolTimeout.equals(DEFAULT_POOL_TIMEOUT)) {
            sb.append(",pool-timeout=").append(Numbers.formatDuration(poolTimeout));
        }
        return sb.toString();
    }
}
