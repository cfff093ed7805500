package org.fiberbench.report;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.fiberbench.stats.Ratio;

/**
 * Two runs compared scenario by scenario; made by {@link Compare#of}.
 *
 * @param labelA run A's id and location
 * @param labelB run B's
 * @param rows one per scenario present in both runs, in A's order
 * @param onlyA specs of scenarios only A has
 * @param onlyB specs of scenarios only B has
 * @param problems why B cannot be judged, one line each: a scenario of B that failed, was interrupted, is
 *        missing or has unreadable metrics (or an unreadable metric on A's side of a row); B without
 *        scenarios. Each fails a regression gate whatever its threshold.
 */
public record Comparison(String labelA, String labelB, List<Row> rows, List<String> onlyA, List<String> onlyB,
                         List<String> problems) {

    public Comparison {
        Objects.requireNonNull(labelA, "labelA");
        Objects.requireNonNull(labelB, "labelB");
        rows = List.copyOf(rows);
        onlyA = List.copyOf(onlyA);
        onlyB = List.copyOf(onlyB);
        problems = List.copyOf(problems);
    }

    /** What B is relative to A for one scenario. */
    public enum Verdict {
        FASTER("faster"), SLOWER("slower"), NO_SIGNIFICANT_DIFFERENCE("no significant difference"),
        /** different units, a missing score, or too few iterations for an interval */
        NOT_COMPARABLE("not comparable"),
        /** B's scenario failed or was interrupted */
        FAILED("failed in B"),
        /** a metric or iteration of either side has the wrong type */
        UNREADABLE("unreadable metrics");

        private final String text;

        Verdict(String text) {
            this.text = text;
        }

        @Override
        public String toString() {
            return text;
        }
    }

    /**
     * One matched scenario.
     *
     * @param ratio B / A with its 99.9% interval; null when not comparable
     * @param changePct (B/A − 1) × 100, the change of the metric itself (NaN when not comparable)
     * @param jdk the JDK label both sides ran on when the runs were matched by JDK, else null
     */
    public record Row(String executor, String workload, String load, List<String> jvmArgs, String unit, boolean lowerIsBetter,
                      double aScore, double aError, double bScore, double bError, Ratio ratio, Verdict verdict, double changePct,
                      String jdk) {

        public Row {
            jvmArgs = List.copyOf(jvmArgs);
            Objects.requireNonNull(verdict, "verdict");
        }

        /** How much worse B is, in percent of the metric (0 when B is not significantly worse). */
        public double regressionPct() {
            if (verdict != Verdict.SLOWER) {
                return 0;
            }
            return lowerIsBetter ? changePct : -changePct;
        }
    }

    /** Rows significantly worse in B by more than this many percent. */
    public List<Row> regressionsBeyond(double pct) {
        return rows.stream().filter(r -> r.regressionPct() > pct).toList();
    }

    /** The plain-text table {@code compare} prints. */
    public String toText() {
        return ComparisonText.of(this);
    }

    /** The comparison as a JSON document, what {@code compare --json} prints (docs/reports.md gives its keys). */
    public String toJson() {
        return ComparisonJson.text(this);
    }

    /** Writes the comparison as an HTML page in the report's style; returns the file. */
    public Path writeHtml(Path file) {
        return Page.write(file, ComparisonModel.of(this));
    }

    /**
     * Parses a {@code --fail-on-regression} value: a non-negative percentage such as {@code 5},
     * {@code 2.5} or {@code 5%}.
     */
    public static double parsePercent(String text) {
        String t = text == null ? "" : text.trim();
        if (t.endsWith("%")) {
            t = t.substring(0, t.length() - 1).trim();
        }
        try {
            double v = Double.parseDouble(t);
            if (v >= 0 && Double.isFinite(v)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below with the value as given
        }
        throw new InputException("regression threshold '" + text + "' must be a non-negative percentage, e.g. 5 or 2.5%");
    }
}
