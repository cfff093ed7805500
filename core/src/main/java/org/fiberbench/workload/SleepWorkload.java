package org.fiberbench.workload;

import org.fiberbench.spec.Spec;

/** Sleeps N ms: seed 000's long-running task and seed 003's 200 ms task. */
final class SleepWorkload implements Workload {
    static final long MAX_MS = 3_600_000;
    private final long ms;

    SleepWorkload(Spec s) {
        this.ms = s.requiredLong("ms", 0, MAX_MS);
    }

    static String canonical(Spec s) {
        return "sleep:ms=" + s.requiredLong("ms", 0, MAX_MS);
    }

    @Override
    public String spec() {
        return "sleep:ms=" + ms;
    }

    @Override
    public void run(long seq) throws InterruptedException {
        Thread.sleep(ms);
    }
}
