package org.fiberbench.stats;

import java.time.Duration;

/**
 * Measuring time one run holds back for the scenarios that miss their precision target: a scenario
 * whose own budget is spent may take one more step (a fork) from it while what is left covers the
 * whole step. A scenario that reaches its target takes nothing, so the run is longer only by what its
 * misses drew, and never by more than the reserve. Made per run, shared by its scenarios; thread-safe.
 */
public final class TimeReserve {
    private final Duration total;
    private long leftNanos;

    public TimeReserve(Duration total) {
        if (total.isNegative()) {
            throw new IllegalArgumentException("reserve " + total + " is out of range; accepted: >= 0");
        }
        this.total = total;
        this.leftNanos = total.toNanos();
    }

    public Duration total() {
        return total;
    }

    public synchronized Duration left() {
        return Duration.ofNanos(leftNanos);
    }

    /** Takes {@code step} when what is left covers it; false (and nothing taken) otherwise. */
    public synchronized boolean take(Duration step) {
        long s = Math.max(0, step.toNanos());
        if (s > leftNanos) {
            return false;
        }
        leftNanos -= s;
        return true;
    }

    @Override
    public String toString() {
        return "TimeReserve[total=" + total + ", left=" + left() + "]";
    }
}
