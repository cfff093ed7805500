package org.fiberbench.workload.user;

import java.util.concurrent.ThreadLocalRandom;

/**
 * Consumes what a user's task returned so the JIT cannot treat the task's work as dead code:
 * about one result in {@value #ONE_IN} is stored into a volatile field, at random, so the
 * compiler must compute every result and materialise it as an object that may escape (the
 * blackhole idea of JMH, made for many threads: the rare store keeps the shared field from
 * becoming a contended cache line). Thread-safe; no lock, no allocation of its own.
 */
final class ResultSink {
    static final int ONE_IN = 1024;
    private volatile Object escaped;

    void consume(Object result) {
        if ((ThreadLocalRandom.current().nextInt() & (ONE_IN - 1)) == 0) {
            escaped = result;
        }
    }

    /** The last result kept; for tests. */
    Object kept() {
        return escaped;
    }
}
