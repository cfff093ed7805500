package org.fiberbench.engine;

import java.util.List;
import org.fiberbench.http.HttpEngine;
import org.fiberbench.http.HttpWorkload;
import org.fiberbench.http.LoadOptions;
import org.fiberbench.http.LoadOutcome;
import org.fiberbench.load.LoopLoad;
import org.fiberbench.measure.LatencyReport;
import org.fiberbench.measure.Stats;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.result.ScenarioResult;

/**
 * {@code http:url=http://...,engine=ID}: the scenario's closed or open load sent by the registered
 * {@link HttpEngine} ID (JMeter's) instead of the loop fork; every other scenario goes to the runner
 * this one wraps. Its score is the loop's: a closed load's throughput, an open load's p99 in ms
 * (here service time, as the engine measures it), the measured seconds as iterations.
 */
final class HttpEngineRunner implements ScenarioRunner {
    private final ScenarioRunner builtin;

    HttpEngineRunner(ScenarioRunner builtin) {
        this.builtin = builtin;
    }

    /** The scenario's engine: {@value HttpWorkload#BUILTIN} unless an {@code http} workload names another. */
    static String engine(Scenario s) {
        return s.workload().spec().kind().equals("http") ? HttpWorkload.engine(s.workload().spec()) : HttpWorkload.BUILTIN;
    }

    @Override
    public void check(Scenario s) {
        builtin.check(s);
    }

    @Override
    public ScenarioResult run(Scenario s, String id, RunDirectory run) throws Exception {
        String engine = engine(s);
        if (engine.equals(HttpWorkload.BUILTIN) || HttpWorkload.isRelative(s.workload().canonical())) {
            return builtin.run(s, id, run);
        }
        LoopLoad load = (LoopLoad) s.load();
        ScenarioResult r = new ScenarioResult(id, s.executor().canonical(), s.workload().canonical(), s.load().canonical())
                .group(s.group()).config("runner", engine).config("duration_s", load.duration().toMillis() / 1000.0)
                .config("warmup_s", load.warmup().toMillis() / 1000.0);
        HttpEngine found = HttpEngine.find(engine).orElse(null);
        if (found == null) {
            return r.failure("engine=" + engine + " is not on the class path; run from fiberbench's jar");
        }
        LoadOutcome outcome = found.run(new LoadOptions(HttpWorkload.target(s.workload().spec()), load), r, run);
        score(r, load, outcome.report().intervals());
        return r;
    }

    /** The loop's score and iterations, from the measured seconds (no warm-up, no drain). */
    private static void score(ScenarioResult r, LoopLoad load, List<LatencyReport.Interval> intervals) {
        boolean open = load.open();
        double[] its = intervals.stream().filter(iv -> !iv.warmup() && !Boolean.TRUE.equals(iv.drain()))
                .mapToDouble(iv -> open ? (iv.serviceP99Ns() == null ? 0 : iv.serviceP99Ns() / 1e6) : iv.throughputOpsS())
                .toArray();
        Object p99 = r.metrics().get("service_p99_ns");
        double score = open ? (p99 == null ? 0 : ((Number) p99).doubleValue() / 1e6)
                : ((Number) r.metrics().getOrDefault("throughput_ops_s", 0.0)).doubleValue();
        r.metric("score", score).metric("score_unit", open ? "ms p99" : "ops/s")
                .metric("score_error", its.length > 1 ? Stats.halfWidth(its) : null);
        r.iterations(its);
    }
}
