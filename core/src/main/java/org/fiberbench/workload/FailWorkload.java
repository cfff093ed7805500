package org.fiberbench.workload;

import org.fiberbench.spec.Spec;

/**
 * Every Nth task (seq % N == N - 1) throws, optionally after sleeping: proves that errors are
 * counted and reported by every executor and load model rather than dropped.
 */
final class FailWorkload implements Workload {
    private final long every;
    private final long ms;

    FailWorkload(Spec s) {
        this.every = s.longValue("every", 1, 1, Long.MAX_VALUE);
        this.ms = s.longValue("ms", 0, 0, SleepWorkload.MAX_MS);
    }

    static String canonical(Spec s) {
        long every = s.longValue("every", 1, 1, Long.MAX_VALUE);
        long ms = s.longValue("ms", 0, 0, SleepWorkload.MAX_MS);
        return "fail:every=" + every + (ms > 0 ? ",ms=" + ms : "");
    }

    @Override
    public String spec() {
        return "fail:every=" + every + (ms > 0 ? ",ms=" + ms : "");
    }

    @Override
    public void run(long seq) throws Exception {
        if (ms > 0) {
            Thread.sleep(ms);
        }
        if (seq % every == every - 1) {
            throw new IllegalStateException("task " + seq + " failed on purpose (fail:every=" + every + ")");
        }
    }
}
