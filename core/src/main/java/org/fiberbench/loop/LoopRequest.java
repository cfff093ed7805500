package org.fiberbench.loop;

import java.util.Objects;

/**
 * What the parent sends a loop fork: canonical specs, how long to wait for tasks still in flight
 * after the end, the Poisson seed, and where to write. Paths may be null (nothing written there).
 *
 * @param drainMs  after the measured window, wait at most this long for tasks in flight
 * @param hgrm     percentile spectrum of the corrected latency (values in ms, recorded in ns)
 * @param result   the JSON summary the parent reads
 */
public record LoopRequest(String executor, String workload, String load, long drainMs, long seed,
                          String hgrm, String hgrmService, String hlog, String hlogService, String result) {

    public LoopRequest {
        Objects.requireNonNull(executor);
        Objects.requireNonNull(workload);
        Objects.requireNonNull(load);
        if (drainMs < 0) {
            throw new IllegalArgumentException("drainMs must be >= 0: " + drainMs);
        }
    }

    /** An in-process request that writes no files (tests, sweeps of tiny runs). */
    public static LoopRequest of(String executor, String workload, String load, long drainMs) {
        return new LoopRequest(executor, workload, load, drainMs, 42, null, null, null, null, null);
    }
}
