package org.fiberbench.report;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.fiberbench.report.Comparison.Row;
import org.fiberbench.report.Comparison.Verdict;
import org.fiberbench.stats.Ratio;

/** The text table of a comparison: aligned columns, then a one-line tally, the problems and B's new scenarios. */
final class ComparisonText {
    private static final String[] HEAD = {"executor", "workload", "load", "A", "B", "B/A [99.9% interval]", "change", "verdict"};

    private ComparisonText() {
    }

    static String of(Comparison c) {
        List<String[]> cells = new ArrayList<>();
        cells.add(HEAD);
        Map<Verdict, Integer> tally = new EnumMap<>(Verdict.class);
        for (Row r : c.rows()) {
            cells.add(new String[] {r.executor() + (r.jdk() == null ? "" : " on jdk " + r.jdk()), r.workload(), r.load() + (r.jvmArgs().isEmpty() ? "" : " " + String.join(" ", r.jvmArgs())),
                    score(r.aScore(), r.aError(), r.unit()), score(r.bScore(), r.bError(), r.unit()), ratio(r.ratio()),
                    Double.isNaN(r.changePct()) ? "" : String.format(Locale.ROOT, "%+.1f%%", r.changePct()), r.verdict().toString()});
            tally.merge(r.verdict(), 1, Integer::sum);
        }
        StringBuilder sb = new StringBuilder();
        sb.append("A: ").append(c.labelA()).append('\n').append("B: ").append(c.labelB()).append('\n');
        sb.append("ratio = B / A with its 99.9% interval (Fieller; significant = Welch's t-test at 0.1%)\n\n");
        table(cells, sb);
        sb.append('\n').append(c.rows().size()).append(" scenario(s) compared");
        tally.forEach((v, n) -> sb.append(", ").append(n).append(' ').append(v));
        sb.append('\n');
        // the scenarios only A has are among the problems, as "missing in B"
        c.problems().forEach(p -> sb.append(p).append('\n'));
        c.onlyB().forEach(k -> sb.append("only in B: ").append(k).append('\n'));
        return sb.toString();
    }

    private static void table(List<String[]> cells, StringBuilder sb) {
        int[] width = new int[HEAD.length];
        for (String[] row : cells) {
            for (int i = 0; i < row.length; i++) {
                width[i] = Math.max(width[i], row[i].length());
            }
        }
        for (String[] row : cells) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.length; i++) {
                boolean numeric = i >= 3 && i <= 6;
                String pad = " ".repeat(width[i] - row[i].length());
                line.append(numeric ? pad + row[i] : row[i] + pad).append(i < row.length - 1 ? "  " : "");
            }
            sb.append(line.toString().stripTrailing()).append('\n');
        }
    }

    static String score(double value, double error, String unit) {
        if (Double.isNaN(value)) {
            return "n/a";
        }
        return num(value) + (Double.isNaN(error) ? "" : " \u00b1 " + num(error)) + " " + unit;
    }

    static String ratio(Ratio r) {
        return r == null ? "n/a" : r.text();
    }

    /** Four significant digits, no exponent for everyday magnitudes. */
    static String num(double v) {
        double a = Math.abs(v);
        if (a != 0 && (a >= 1e9 || a < 1e-3)) {
            return String.format(Locale.ROOT, "%.3e", v);
        }
        return new java.math.BigDecimal(v).round(new java.math.MathContext(4)).stripTrailingZeros().toPlainString();
    }
}
