/**
 * Profile diffs: two async-profiler collapsed-stack files (one line per distinct stack,
 * {@code frame;frame;...;leaf count}) reduced to per-frame self and total shares, compared frame
 * by frame — seed 001's hand-made per-function table ({@code ForkJoinPool.awaitWork}, {@code scan},
 * {@code signalWork} vs {@code ThreadPoolExecutor.getTask}) made automatic. {@link
 * org.fiberbench.report.profile.ProfileDiff} is the entry point; the rest is package-private.
 */
package org.fiberbench.report.profile;
