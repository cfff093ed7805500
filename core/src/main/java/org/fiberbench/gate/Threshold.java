package org.fiberbench.gate;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fiberbench.gate.Unit.Family;
import org.fiberbench.spec.SpecException;

/**
 * One threshold: {@code [SCOPE:] METRIC OP VALUE[UNIT]}, e.g. {@code p99<50ms},
 * {@code virtual: p99.9<=2s}, {@code executor=platform:fixed=200: throughput>=180/s}. The scope
 * ends at the last colon (a spec has colons of its own, a condition none). Immutable.
 *
 * @param expr  the expression as given (trimmed): how verdicts name it
 * @param scope null: every scenario
 * @param limit the value as written, in {@code unit}
 */
public record Threshold(String expr, Scope scope, Metric metric, Comparison comparison, double limit, Unit unit) {
    private static final Pattern CONDITION = Pattern.compile(
            "([A-Za-z_][A-Za-z0-9_.]*)\\s*(<=|>=|<|>|==|=|!=)\\s*([0-9]+(?:\\.[0-9]+)?(?:[eE][-+]?[0-9]+)?)\\s*(\\S*)");

    /** Parses one expression; bad input is a {@link SpecException} naming it and what is accepted. */
    public static Threshold parse(String text) {
        String expr = text.strip();
        int colon = expr.lastIndexOf(':');
        Scope scope = colon < 0 ? null : Scope.parse(expr.substring(0, colon), expr);
        String condition = expr.substring(colon + 1).strip();
        Matcher m = CONDITION.matcher(condition);
        if (!m.matches()) {
            throw new SpecException("threshold '" + expr + "' is not METRIC<VALUE; accepted: [SCOPE:] METRIC <, <=, > or >= "
                    + "a number with its unit, e.g. p99<50ms, errors<0.1%, throughput>=900/s, virtual: p99<1.2s");
        }
        Metric metric = Metric.of(m.group(1), expr);
        Comparison comparison = comparison(m.group(2), expr);
        double limit = Double.parseDouble(m.group(3));
        Unit unit = unit(metric, m.group(4), expr);
        return new Threshold(expr, scope, metric, comparison, limit, unit);
    }

    private static Comparison comparison(String op, String expr) {
        for (Comparison c : Comparison.values()) {
            if (c.text.equals(op)) {
                return c;
            }
        }
        throw new SpecException("threshold '" + expr + "': comparison '" + op + "' is not accepted; accepted: <, <=, >, >=");
    }

    private static Unit unit(Metric metric, String text, String expr) {
        List<Family> families = families(metric);
        Unit u = Unit.of(text.toLowerCase(Locale.ROOT));
        if (u == null || !families.contains(u.family)) {
            throw new SpecException("threshold '" + expr + "': " + (text.isEmpty() ? "no unit" : "unit '" + text + "'")
                    + " for " + metric.id + "; accepted: " + Unit.accepted(families));
        }
        return u;
    }

    /** The unit families each metric takes: a percentile a time, errors a share or a count, ... */
    private static List<Family> families(Metric metric) {
        if (metric.percentile()) {
            return List.of(Family.TIME);
        }
        return switch (metric) {
            case ERRORS -> List.of(Family.PERCENT, Family.NONE);
            case THROUGHPUT -> List.of(Family.RATE);
            case ACHIEVED -> List.of(Family.PERCENT);
            case SCORE -> List.of(Family.PER_OP, Family.RATE);
            default -> List.of(Family.NONE);
        };
    }

    /** Whether this threshold applies to a scenario of these specs. */
    public boolean covers(String executor, String workload, String load) {
        return scope == null || scope.matches(executor, workload, load);
    }

    /** The limit as a table shows it: {@code < 50 ms}. */
    public String limitText() {
        return comparison.text + " " + Verdict.number(limit) + Verdict.unitSuffix(unit.text);
    }

    /** The name of the metric as written: {@code p99}, {@code service_p99.9}, {@code errors}. */
    public String metricName() {
        return metric.id;
    }

    /** The unit the measured value is given in, as results.json's {@code unit}: {@code ms}, {@code %}, {@code /s}, or empty. */
    public String unitText() {
        return unit.text;
    }
}
