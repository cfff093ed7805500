package org.fiberbench.workload;

import java.util.List;
import java.util.stream.Collectors;
import org.fiberbench.spec.LongRange;
import org.fiberbench.spec.Spec;
import org.fiberbench.spec.SpecException;

/**
 * Seed 004's "random value in one of three ranges": task seq uses range seq mod R, and a value
 * drawn from it by a hash of seq. Deterministic per seq, so a task costs the same in every
 * executor, JVM and run — only the distribution of tasks over workers differs. With {@code draws=N}
 * the tasks cycle through the first N of those values (task seq is drawn as task seq mod N), so a
 * batch whose size is a multiple of N tests the same values every time, as the seed's program,
 * which drew from an unseeded {@code rand()}, did in every run; without it every task draws anew.
 */
final class SeededRanges {
    /** The key of the cycle's length, shared by the workloads that draw from ranges. */
    static final String DRAWS = "draws";
    /** Longest cycle accepted: as many tasks as one batch may have. */
    static final long MAX_DRAWS = 1L << 40;
    private final List<LongRange> ranges;
    /** Values in the cycle; 0: no cycle, every seq draws its own. */
    private final long draws;

    SeededRanges(List<LongRange> ranges) {
        this(ranges, 0);
    }

    SeededRanges(List<LongRange> ranges, long draws) {
        this.ranges = List.copyOf(ranges);
        this.draws = draws;
    }

    /** Parses {@code key}'s list, or {@code defaults} when the key is absent; an empty value is an error. */
    static SeededRanges parse(Spec s, String key, String defaults, long max) {
        String text = defaults;
        if (s.has(key)) {
            text = s.params().get(key);
            if (text.isBlank()) {
                throw new SpecException(s.where(key) + " is empty; accepted: LO..HI[,LO..HI...] with 0 <= LO <= HI <= " + max);
            }
        }
        return new SeededRanges(LongRange.parseList(s.where(key), text, 0, max), s.longValue(DRAWS, 0, 1, MAX_DRAWS));
    }

    long value(long seq) {
        if (draws > 0) {
            seq = Math.floorMod(seq, draws);
        }
        LongRange r = ranges.get((int) Math.floorMod(seq, (long) ranges.size()));
        long span = r.hi() - r.lo() + 1;
        return r.lo() + Math.floorMod(mix(seq), span);
    }

    /** SplitMix64's finaliser: consecutive seqs give unrelated values. */
    static long mix(long seq) {
        long z = seq + 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** The ranges as the spec gives them: {@code LO..HI[,LO..HI...]}. */
    @Override
    public String toString() {
        return ranges.stream().map(LongRange::toString).collect(Collectors.joining(","));
    }

    /** {@code ,draws=N} when the tasks cycle, empty when every task draws anew: the tail of the canonical spec. */
    String drawsSuffix() {
        return draws > 0 ? "," + DRAWS + "=" + draws : "";
    }
}
