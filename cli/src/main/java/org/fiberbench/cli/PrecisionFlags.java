package org.fiberbench.cli;

import java.time.Duration;
import org.fiberbench.stats.Precision;
import org.fiberbench.stats.TimeReserve;
import org.fiberbench.spec.SpecException;
import picocli.CommandLine.Option;

/** {@code --precision P%} and {@code --max-time D}: measure until the interval is narrow enough or the budget is spent. */
public final class PrecisionFlags {
    /** The default showdown's target when no flag says otherwise: the table's ± within 10% of the score. */
    static final double SHOWDOWN_TARGET_PCT = 10;
    /**
     * The default showdown's budget per scenario. A scenario then takes at most the longer of its own
     * iterations and this: a quick batch fork takes 5-8 s on a 2-core box, so one more fork fits only
     * where the first was fast, and the 15 scenarios stay near the 5 minutes they take without it. A
     * scenario left wider than the target says so in the table.
     */
    static final Duration SHOWDOWN_BUDGET = Duration.ofSeconds(10);
    /**
     * What the default showdown holds back for its batch scenarios still short of the target when their
     * 10 s are spent: one more fork at a time while what is left covers it, first come first served. A
     * quick {@code schedulers} fork takes about 10 s, so three such forks use it up; a showdown whose
     * scenarios all reach the target takes nothing from it.
     */
    static final Duration SHOWDOWN_RESERVE = Duration.ofSeconds(30);

    @Option(names = "--precision", paramLabel = "P%", description = {"add measurement iterations (batch: more JMH forks; "
        + "loop: more seconds) until the 99.9%% half-width is within P%% of the score, or --max-time is spent, e.g. 5%%",
        "default: none, except 10%% for the default showdown (./fiberbench run with no suite)"})
    String precision;

    @Option(names = "--max-time", paramLabel = "D", converter = Converters.DurationConverter.class,
            description = "with --precision: time budget per scenario (default 60s; 10s for the default showdown, "
                + "with 30s held back for its batch scenarios still short of the target, unless --max-time is given)")
    Duration maxTime;

    /**
     * The run's precision, checked: null when none applies. {@code showdown}: the default showdown
     * with its own iteration counts (no {@code --iterations}), which gets {@link #SHOWDOWN_TARGET_PCT}.
     */
    Precision resolve(boolean showdown) {
        if (maxTime != null && (maxTime.isZero() || maxTime.isNegative())) {
            throw new SpecException("--max-time " + org.fiberbench.spec.Numbers.formatDuration(maxTime)
                    + " is out of range; accepted: a duration > 0, e.g. 60s, 2m");
        }
        if (showdown) { // a --max-time given is the budget, exactly: no reserve behind it
            double target = precision != null ? parsePct(precision) : SHOWDOWN_TARGET_PCT;
            return maxTime != null ? new Precision(target, maxTime)
                    : new Precision(target, SHOWDOWN_BUDGET, new TimeReserve(SHOWDOWN_RESERVE));
        }
        if (precision != null) {
            return new Precision(parsePct(precision), maxTime != null ? maxTime : Precision.DEFAULT_BUDGET);
        }
        if (maxTime != null) {
            throw new SpecException("--max-time " + org.fiberbench.spec.Numbers.formatDuration(maxTime)
                    + " needs --precision; accepted: --precision P% --max-time D, e.g. --precision 5% --max-time 60s");
        }
        return null;
    }

    /** {@code --precision} as given: {@code 5%} or {@code 5}; the message names the value and what is accepted. */
    static double parsePct(String text) {
        String t = text.trim();
        String num = t.endsWith("%") ? t.substring(0, t.length() - 1).trim() : t;
        double v = num.matches("[0-9]{1,3}(\\.[0-9]{1,6})?") ? Double.parseDouble(num) : Double.NaN;
        if (!(v > 0 && v < 100)) {
            throw new SpecException("--precision '" + text + "' is not accepted; accepted: a percentage above 0 and "
                    + "below 100, e.g. 5% or 0.5%");
        }
        return v;
    }
}
