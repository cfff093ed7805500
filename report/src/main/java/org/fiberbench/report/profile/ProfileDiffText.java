package org.fiberbench.report.profile;

import java.util.List;
import java.util.Locale;

/** Renders a {@link ProfileDiff} as the terminal table: shares in %, differences in points (B − A). */
final class ProfileDiffText {
    private static final int FRAME_WIDTH = 72;

    private ProfileDiffText() {
    }

    static String render(ProfileDiff d, String a, String b, String event) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "profile diff (%s)%n  A: %s  (%d samples)%n  B: %s  (%d samples)%n",
                event, a, d.samplesA(), b, d.samplesB()));
        sb.append(String.format(Locale.ROOT, "%n  %-" + FRAME_WIDTH + "s %7s %7s %7s %7s %7s %7s%n",
                "frame (largest differences first)", "A self", "A total", "B self", "B total", "Δself", "Δtotal"));
        for (ProfileDiff.Row r : d.rows()) {
            sb.append(String.format(Locale.ROOT, "  %-" + FRAME_WIDTH + "s %7s %7s %7s %7s %+7.1f %+7.1f%n",
                    shorten(r.frame()), pct(r.aSelfPct()), pct(r.aTotalPct()), pct(r.bSelfPct()), pct(r.bTotalPct()),
                    r.diffSelfPct(), r.diffTotalPct()));
        }
        only(sb, "only in A", d.onlyA());
        only(sb, "only in B", d.onlyB());
        sb.append(String.format(Locale.ROOT, "%n  shares in %% of each side's samples; Δ = B − A in points%n"));
        return sb.toString();
    }

    private static void only(StringBuilder sb, String title, List<String> frames) {
        sb.append(String.format(Locale.ROOT, "%n  %s: %s%n", title, frames.isEmpty() ? "(none)" : ""));
        for (String f : frames) {
            sb.append("    ").append(f).append('\n');
        }
    }

    private static String pct(double v) {
        return v == 0 ? "-" : String.format(Locale.ROOT, "%.1f%%", v);
    }

    /** Long frames keep their class and method: the package is what gets cut. */
    static String shorten(String frame) {
        return frame.length() <= FRAME_WIDTH ? frame : "…" + frame.substring(frame.length() - FRAME_WIDTH + 1);
    }
}
