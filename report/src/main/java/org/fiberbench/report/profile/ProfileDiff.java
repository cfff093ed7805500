package org.fiberbench.report.profile;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;
import org.fiberbench.report.InputException;

/**
 * Two profiles compared frame by frame, in shares of each side's samples (so profiles of
 * different lengths compare): the frames that matter most on either side and those whose share
 * moved most, then the frames only one side has. Differences are B − A: A is the baseline.
 * Immutable.
 */
public final class ProfileDiff {
    public static final int DEFAULT_TOP = 20;
    /** Frames below this share of samples (on both sides) are noise, not findings. */
    public static final double DEFAULT_MIN_PCT = 0.5;

    private final String a;
    private final String b;
    private final String event;
    private final long samplesA;
    private final long samplesB;
    private final List<Row> rows;
    private final List<String> onlyA;
    private final List<String> onlyB;

    /** One frame's shares on both sides, in percent of each side's samples. */
    public record Row(String frame, double aSelfPct, double aTotalPct, double bSelfPct, double bTotalPct) {
        public double diffSelfPct() {
            return bSelfPct - aSelfPct;
        }

        public double diffTotalPct() {
            return bTotalPct - aTotalPct;
        }

        double moved() {
            return Math.max(Math.abs(diffSelfPct()), Math.abs(diffTotalPct()));
        }
    }

    private ProfileDiff(String a, String b, String event, CollapsedStacks pa, CollapsedStacks pb, int top, double minPct) {
        if (top < 1) {
            throw new InputException("--top " + top + " must be >= 1");
        }
        if (minPct < 0 || minPct >= 100) {
            throw new InputException("--min-pct " + minPct + " is out of range; accepted: 0..100");
        }
        this.a = a;
        this.b = b;
        this.event = event;
        this.samplesA = pa.samples();
        this.samplesB = pb.samples();
        this.rows = rows(pa, pb, top, minPct);
        this.onlyA = only(pa, pb, top, minPct);
        this.onlyB = only(pb, pa, top, minPct);
    }

    /** Reads and compares two collapsed-stacks files; {@code a}/{@code b} are the labels shown. */
    public static ProfileDiff of(Path fileA, Path fileB, String a, String b, String event, int top, double minPct)
            throws IOException {
        return new ProfileDiff(a, b, event, CollapsedStacks.read(fileA), CollapsedStacks.read(fileB), top, minPct);
    }

    static ProfileDiff of(List<String> linesA, List<String> linesB, int top, double minPct) {
        return new ProfileDiff("A", "B", "cpu", CollapsedStacks.parse(linesA, "A"), CollapsedStacks.parse(linesB, "B"),
                top, minPct);
    }

    private static List<Row> rows(CollapsedStacks pa, CollapsedStacks pb, int top, double minPct) {
        Set<String> frames = new LinkedHashSet<>();
        frames.addAll(topBy(pa.self().keySet(), pa::selfPct, top, minPct));
        frames.addAll(topBy(pb.self().keySet(), pb::selfPct, top, minPct));
        Set<String> all = new LinkedHashSet<>(pa.total().keySet());
        all.addAll(pb.total().keySet());
        frames.addAll(topBy(all, f -> Math.abs(pb.totalPct(f) - pa.totalPct(f)), top, minPct));
        List<Row> out = new ArrayList<>();
        for (String f : frames) {
            out.add(new Row(f, pa.selfPct(f), pa.totalPct(f), pb.selfPct(f), pb.totalPct(f)));
        }
        out.sort(Comparator.comparingDouble(Row::moved).reversed().thenComparing(Row::frame));
        return List.copyOf(out);
    }

    private static List<String> topBy(Set<String> frames, ToDoubleFunction<String> key, int top, double minPct) {
        return frames.stream().filter(f -> key.applyAsDouble(f) >= minPct)
                .sorted(Comparator.comparingDouble(key).reversed().thenComparing(Comparator.naturalOrder()))
                .limit(top).toList();
    }

    /** Frames with at least minPct of {@code p}'s samples that {@code other} never sampled. */
    private static List<String> only(CollapsedStacks p, CollapsedStacks other, int top, double minPct) {
        return topBy(p.total().keySet(), f -> other.total().containsKey(f) ? -1 : p.totalPct(f), top, minPct);
    }

    public List<Row> rows() {
        return rows;
    }

    public List<String> onlyA() {
        return onlyA;
    }

    public List<String> onlyB() {
        return onlyB;
    }

    public long samplesA() {
        return samplesA;
    }

    public long samplesB() {
        return samplesB;
    }

    /** The run-level {@code profile_diffs[]} element of results.json. */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("a", a);
        m.put("b", b);
        m.put("event", event);
        m.put("a_samples", samplesA);
        m.put("b_samples", samplesB);
        List<Map<String, Object>> list = new ArrayList<>();
        for (Row r : rows) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("frame", r.frame());
            row.put("a_self_pct", round(r.aSelfPct()));
            row.put("a_total_pct", round(r.aTotalPct()));
            row.put("b_self_pct", round(r.bSelfPct()));
            row.put("b_total_pct", round(r.bTotalPct()));
            row.put("diff_self_pct", round(r.diffSelfPct()));
            row.put("diff_total_pct", round(r.diffTotalPct()));
            list.add(row);
        }
        m.put("rows", list);
        m.put("only_a", onlyA);
        m.put("only_b", onlyB);
        return m;
    }

    static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }

    /** The terminal table. */
    public String toText() {
        return ProfileDiffText.render(this, a, b, event);
    }
}
