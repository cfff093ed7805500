package org.fiberbench.stats;

import java.math.BigDecimal;
import java.math.MathContext;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Precision on demand: keep measuring until the 99.9% half-width (the table's {@code ±}) is within
 * {@code targetPct} of the score, or {@code budget} (per scenario) is spent. A pure rule over the
 * iteration values so far; the runners decide how to add iterations (JMH forks, loop seconds).
 *
 * @param targetPct the half-width allowed, in percent of the score (0 &lt; P &lt; 100)
 * @param budget    wall time one scenario may take, from its start, before it stops adding
 * @param reserve   the run's time for scenarios still short of the target when their budget is spent
 *                  ({@link #draw}); null: none, the budget is the end
 */
public record Precision(double targetPct, Duration budget, TimeReserve reserve) {
    /** JMH-style: never judge an interval of fewer than this many iterations. */
    public static final int MIN_ITERATIONS = 3;
    /** Iterations one scenario may pool at most, whatever the budget left. */
    public static final int MAX_ITERATIONS = 1000;
    /** Budget of a scenario when {@code --max-time} is not given. */
    public static final Duration DEFAULT_BUDGET = Duration.ofSeconds(60);

    /** Why a scenario stopped adding iterations; null while it goes on. */
    public enum Stop {
        PRECISION("precision"), TIME_BUDGET("time budget"), ITERATION_CAP("iteration cap"),
        /**
         * An open run that fell behind its schedule: its latency grows with the backlog, so the per-second
         * values have no steady level for an interval to narrow on, however long the run (not a budget matter).
         */
        SATURATED("saturated");

        public final String label;

        Stop(String label) {
            this.label = label;
        }
    }

    public Precision {
        if (!(targetPct > 0 && targetPct < 100)) { // the CLI checks first, with its own message
            throw new IllegalArgumentException("target " + targetPct + "% is out of range; accepted: above 0 and below 100");
        }
        if (budget.isZero() || budget.isNegative()) {
            throw new IllegalArgumentException("budget " + budget + " is out of range; accepted: > 0");
        }
    }

    /** A target and a budget per scenario, with no reserve behind it. */
    public Precision(double targetPct, Duration budget) {
        this(targetPct, budget, null);
    }

    /** Half-width of the values in percent of their mean; NaN with fewer than 2 values or a zero mean. */
    public static double achievedPct(double[] values) {
        if (values.length < 2) {
            return Double.NaN;
        }
        double mean = 0;
        for (double v : values) {
            mean += v;
        }
        mean /= values.length;
        return mean == 0 ? Double.NaN : 100 * Sample.of(values).error() / Math.abs(mean);
    }

    /**
     * Whether to stop now; null: add more. Never stops before {@link #MIN_ITERATIONS}. {@code nextStep} is what adding more would take (a JMH fork costs seconds,
     * a loop second costs one): more is not started when it would end past the budget.
     */
    public Stop decide(double[] values, Duration elapsed, Duration nextStep) {
        if (values.length < MIN_ITERATIONS) {
            return null; // the minimum is always measured: no verdict, and no budget check, before it
        }
        if (achievedPct(values) <= targetPct) { // a constant series has a zero half-width: done at once
            return Stop.PRECISION;
        }
        if (values.length >= MAX_ITERATIONS) {
            return Stop.ITERATION_CAP;
        }
        if (elapsed.plus(nextStep).compareTo(budget) > 0) {
            return Stop.TIME_BUDGET;
        }
        return null;
    }

    /**
     * After {@link #decide} said {@link Stop#TIME_BUDGET}: whether the run's reserve pays for one more
     * step of {@code nextStep} (taken from it if so). False without a reserve, or when what is left of
     * it is shorter than the step.
     */
    public boolean draw(Duration nextStep) {
        return reserve != null && reserve.take(nextStep);
    }

    /**
     * results.json's {@code config.precision}; when the target was missed, also what {@link Steadiness}
     * sees in the values: {@code warmup_iterations} and {@code off_median}.
     */
    public Map<String, Object> section(double[] values, Stop stop) {
        return section(values, stop, Duration.ZERO);
    }

    /** {@link #section(double[], Stop)}, with {@code reserve_drawn_s} when the scenario drew on the run's reserve. */
    public Map<String, Object> section(double[] values, Stop stop, Duration drawn) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("target_pct", targetPct);
        double pct = achievedPct(values);
        m.put("achieved_pct", Double.isNaN(pct) ? null : Math.round(pct * 100) / 100.0);
        m.put("iterations", values.length);
        m.put("max_time_s", budget.toMillis() / 1000.0);
        m.put("stopped", stop.label);
        if (!drawn.isZero()) {
            m.put("reserve_drawn_s", Math.round(drawn.toMillis() / 100.0) / 10.0);
        }
        if (stop != Stop.PRECISION) { // why the interval stayed wide, for the table's note
            Steadiness why = Steadiness.of(values);
            m.put("warmup_iterations", why.warmupIterations());
            m.put("off_median", why.offMedian());
        }
        return m;
    }

    /**
     * The note beside a scenario whose target was missed, from its {@link #section} and iterations
     * (the table's notes and the report's warnings): {@code ±12% > 10% target (time budget)}, and
     * what made the interval wide when the values show it ({@link Steadiness}): {@code ; still warming
     * up: iterations 1-3 above the rest}, {@code ; 1 of 12 iterations 1.4x off the median}. A saturated
     * open run reads {@code ±146%: no steady level (saturated)}: its latency climbs with the backlog,
     * so more time would not narrow it. Null when the target was reached.
     */
    public static String missedNote(Map<?, ?> section, double[] values) {
        Object stopped = section.get("stopped");
        if (stopped == null || Stop.PRECISION.label.equals(stopped)) {
            return null;
        }
        String half = section.get("achieved_pct") instanceof Number a ? round3(a) : "?";
        if (Stop.SATURATED.label.equals(stopped)) {
            return String.format(Locale.ROOT, "±%s%%: no steady level (saturated)", half);
        }
        String target = section.get("target_pct") instanceof Number t ? round3(t) : "?";
        StringBuilder why = new StringBuilder();
        int warmup = section.get("warmup_iterations") instanceof Number w ? w.intValue() : 0;
        int off = section.get("off_median") instanceof Number o ? o.intValue() : 0;
        if (warmup > 0 && warmup < values.length) {
            why.append("; not yet steady: iteration").append(warmup == 1 ? " 1" : "s 1-" + warmup)
                    .append(values[0] > values[warmup] ? " above" : " below").append(" the rest");
        }
        if (off > 0) {
            why.append(String.format(Locale.ROOT, "; %d of %d iterations %sx off the median", off, values.length - warmup,
                    round3(Steadiness.OFF_MEDIAN)));
        }
        return String.format(Locale.ROOT, "±%s%% > %s%% target (%s%s)", half, target, stopped, why);
    }

    private static String round3(Number v) {
        return BigDecimal.valueOf(v.doubleValue()).round(new MathContext(3)).stripTrailingZeros().toPlainString();
    }
}
