package org.fiberbench.cli.calibrate;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.fiberbench.stats.Ratio;
import org.fiberbench.stats.Sample;

/** The console table and the results.json section of a calibration. */
final class CalibrationTable {
    private CalibrationTable() {
    }

    /**
     * One line per pair: reference ± error, fiberbench ± error, ratio [interval], within the limit;
     * under an unresolved interleaved pair, where its spread comes from and the quickest run that
     * would resolve it at {@code scale} ({@link VarianceSplit}).
     */
    static String text(List<Outcome> outcomes, Scale scale) {
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "%-17s %22s %22s  %-26s %s%n", "pair",
                "reference ms/op", "fiberbench ms/op", "fiberbench/reference", "within " + (int) Outcome.LIMIT_PCT + "%"));
        for (Outcome o : outcomes) {
            Ratio r = o.ratio();
            b.append(String.format(Locale.ROOT, "%-17s %22s %22s  %-26s %s%n", o.pair.name(), score(o.reference),
                    score(o.fiberbench), r == null ? "-" : r.text(), o.verdict().label));
            for (String f : o.failures) {
                b.append("    failed: ").append(f).append('\n');
            }
            if (o.stopped == InterleavedRounds.Stop.MAX_TIME || o.stopped == InterleavedRounds.Stop.MAX_ROUNDS) {
                b.append("    still unresolved after ").append(o.rounds).append(o.rounds == 1 ? " round, when " : " rounds, when ")
                        .append(o.stopped == InterleavedRounds.Stop.MAX_TIME ? "--max-time was spent" : "the round limit was reached")
                        .append('\n');
            }
            if (o.pilot != null) {
                b.append("    ").append(o.pairsPerRound).append(" pairs a round, after a pilot of ").append(o.pilotSummary)
                        .append(" kept apart: the line is the rounds after it\n");
            }
            if (o.unusedPairsPerRound != null) {
                b.append("    its split asked for ").append(o.unusedPairsPerRound)
                        .append(" pairs a round, of which the budget left no round: the line is its pilot's rounds\n");
            }
            if (o.oneFork() && r != null && r.hasInterval()) {
                b.append("    one round: its interval is over one fork's pairs, which share that fork's shift; a verdict takes two rounds\n");
            }
            VarianceSplit split = o.verdict() == Outcome.Verdict.UNRESOLVED ? VarianceSplit.of(o) : null;
            if (split != null) {
                b.append("    ").append(split.line(o.pair.name(), scale)).append('\n');
            }
        }
        return b.toString();
    }

    private static String score(List<Double> v) {
        if (v.isEmpty()) {
            return "-";
        }
        Sample s = Sample.of(Outcome.values(v));
        return s.n() < 2 ? String.format(Locale.ROOT, "%.3f", s.mean())
                : String.format(Locale.ROOT, "%.3f ± %.3f", s.mean(), s.error());
    }

    /** results.json's {@code calibration}: the settings and one entry per pair. */
    static Map<String, Object> section(List<Outcome> outcomes, int rounds, Scale scale) {
        return section(outcomes, rounds, null, null, scale);
    }

    /**
     * As above; {@code maxTime}: calibrate --interleaved --max-time's budget, {@code pairs}: its
     * --pairs (measured pairs per round, or "auto"), each null when not given.
     */
    static Map<String, Object> section(List<Outcome> outcomes, int rounds, Duration maxTime, Object pairs, Scale scale) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("scale", scale.label());
        m.put("rounds", rounds);
        if (maxTime != null) {
            m.put("max_time_s", maxTime.toMillis() / 1000.0);
        }
        if (pairs != null) {
            m.put("pairs_per_round", pairs);
        }
        m.put("limit_pct", Outcome.LIMIT_PCT);
        boolean paired = outcomes.stream().anyMatch(o -> o.paired);
        m.put("ratio", paired ? "fiberbench / reference per pair of batches run side by side in one fork, geometric mean per round (fork)"
                + " and over the rounds, the interval over the logarithms of the rounds' means (over the pairs with one round); at "
                + Ratio.CONFIDENCE
                : "fiberbench / reference, ms per operation; interval at " + Ratio.CONFIDENCE);
        m.put("pairs", outcomes.stream().map(Outcome::section).toList());
        return m;
    }
}
