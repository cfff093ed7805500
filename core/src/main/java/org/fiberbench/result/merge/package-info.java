/**
 * {@code fiberbench merge}: several run directories made into one. Two kinds of parts join: the
 * shards of one plan ({@code run --shard K/N}), whose scenarios are put back in the whole plan's
 * order with each group's ratio recomputed against its baseline, and load runs of one scenario
 * started together on several machines ({@code load --start-at}), whose interval logs are added
 * histogram by histogram, so the merged percentiles are those of every request of every generator.
 * {@link org.fiberbench.result.merge.Merge} is the whole public surface; it reads results.json
 * only after the caller's format check has passed it, and writes through
 * {@link org.fiberbench.result.RunDirectory}, so the merged results.json is written atomically.
 */
package org.fiberbench.result.merge;
