package org.fiberbench.loop;

import java.util.Objects;

/**
 * What the parent sends a loop fork: canonical specs, how long to wait for tasks still in flight
 * after the end, the Poisson seed, and where to write. Paths may be null (nothing written there).
 *
 * @param drainMs  after the measured window, wait at most this long for tasks in flight
 * @param hgrm     percentile spectrum of the corrected latency (values in ms, recorded in ns)
 * @param result   the JSON summary the parent reads
 * @param precisionPct precision on demand: end the measured window at the first 1 s cut, at or after
 *                 {@code minMs}, where the measured seconds' 99.9% half-width is within this percent of
 *                 their mean (the load's duration is then the budget); 0: run the load's duration
 * @param minMs    with {@code precisionPct}: the window never ends before this (the load's configured duration)
 */
public record LoopRequest(String executor, String workload, String load, long drainMs, long seed,
                          String hgrm, String hgrmService, String hlog, String hlogService, String result,
                          double precisionPct, long minMs) {

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
        return new LoopRequest(executor, workload, load, drainMs, 42, null, null, null, null, null, 0, 0);
    }

    /** This request, ending early once {@code pct} is reached after {@code minMs}; see {@link #precisionPct}. */
    public LoopRequest withPrecision(double pct, long minMs) {
        return new LoopRequest(executor, workload, load, drainMs, seed, hgrm, hgrmService, hlog, hlogService, result, pct, minMs);
    }
}
