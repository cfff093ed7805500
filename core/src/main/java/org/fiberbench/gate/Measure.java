package org.fiberbench.gate;

import java.util.Map;
import org.fiberbench.result.ScenarioResult;
import org.fiberbench.stats.Ratio;
import org.fiberbench.stats.Sample;

/** Reads a threshold's figure from a scenario's recorded metrics and judges it. Stateless. */
final class Measure {
    private Measure() {
    }

    static Verdict judge(Threshold t, ScenarioResult r, Map<String, ScenarioResult> byId) {
        String label = r.executor() + " × " + r.workload() + " × " + r.load();
        if (!r.termination().equals("normal")) {
            return new Verdict(t, r.id(), label, null, false, "scenario " + r.termination());
        }
        if (t.metric() == Metric.RATIO) {
            return ratio(t, r, label, byId);
        }
        Double value = value(t, r);
        if (value == null) {
            return new Verdict(t, r.id(), label, null, false, "not measured");
        }
        return new Verdict(t, r.id(), label, value, t.comparison().holds(value, t.limit()), null);
    }

    /** The figure in the threshold's unit, or null when the scenario did not record it. */
    private static Double value(Threshold t, ScenarioResult r) {
        Metric m = t.metric();
        if (m.percentile()) {
            Double ns = number(r, m.metricsKey());
            return ns == null ? null : ns / t.unit().factor;
        }
        return switch (m) {
            case ERRORS -> errors(t, r);
            case THROUGHPUT -> number(r, "throughput_ops_s");
            case ACHIEVED -> {
                Double achieved = number(r, "throughput_ops_s");
                Double requested = number(r, "requested_rate_ops_s");
                yield achieved == null || requested == null || requested == 0 ? null : 100 * achieved / requested;
            }
            case SCORE -> t.unit().family == Unit.Family.PER_OP
                    ? divide(number(r, "score_ms_per_op"), t.unit().factor) : number(r, "throughput_ops_s");
            default -> throw new IllegalStateException("no figure for " + m);
        };
    }

    /** A share of all requests (errors / (completed + errors)) for {@code %}, else the count. */
    private static Double errors(Threshold t, ScenarioResult r) {
        Double errors = number(r, "errors");
        if (errors == null || t.unit() != Unit.PERCENT) {
            return errors;
        }
        Double completed = number(r, "completed");
        double all = errors + (completed == null ? 0 : completed);
        return all == 0 ? null : 100 * errors / all;
    }

    /**
     * mean(scenario) / mean(baseline) of the iteration scores, from the shared statistics. It passes
     * only when the whole 99.9% interval lies on the limit's side: the difference from the limit is
     * then significant at 99.9% (Fieller's interval excludes the limit), not just the point estimate.
     */
    private static Verdict ratio(Threshold t, ScenarioResult r, String label, Map<String, ScenarioResult> byId) {
        Object baselineId = r.section("baseline");
        ScenarioResult base = baselineId == null ? null : byId.get(baselineId.toString());
        double[] a = r.iterationValues();
        double[] b = base == null ? new double[0] : base.iterationValues();
        if (a.length == 0 || b.length == 0 || Sample.of(b).mean() == 0) {
            return new Verdict(t, r.id(), label, null, false, base == null ? "no baseline" : "no iteration scores");
        }
        Ratio q = Ratio.of(Sample.of(a), Sample.of(b));
        if (!q.hasInterval()) {
            return new Verdict(t, r.id(), label, q.value(), false, "no 99.9% interval (fewer than 2 iterations)");
        }
        double edge = t.comparison().upper() ? q.ciHigh() : q.ciLow();
        boolean pass = t.comparison().holds(edge, t.limit());
        String note = pass ? null : (t.comparison().holds(q.value(), t.limit()) ? "not significant at 99.9%: " : "")
                + "interval " + q.interval().text();
        return new Verdict(t, r.id(), label, q.value(), pass, note);
    }

    private static Double divide(Double v, double by) {
        return v == null ? null : v / by;
    }

    private static Double number(ScenarioResult r, String key) {
        return r.metricValue(key) instanceof Number n && Double.isFinite(n.doubleValue()) ? n.doubleValue() : null;
    }
}
