package org.fiberbench.engine.jmh;

import java.util.Collection;
import java.util.List;
import org.fiberbench.load.LoadSpec;
import org.fiberbench.measure.ForkObservation;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.runner.IterationType;

/**
 * A JMH profiler, run inside each JMH fork, that observes the measured iterations only: a {@link
 * ForkObservation} starts before the first measurement iteration and, after the last, writes what
 * it saw for the parent to read into the scenario's result. Each measurement iteration is marked,
 * so the peak threads and heap are the largest iteration's, exactly. The same observation runs once
 * over the warm-up and is dropped ({@link ForkObservation#rehearseIfAsked}), so the measured
 * iterations do not pay for the observers' own start-up. JMH makes one instance per fork and
 * calls it from one thread.
 */
public final class ObservingProfiler implements InternalProfiler {
    private ForkObservation observation;
    private ForkObservation rehearsal;
    private boolean rehearsed;
    private boolean started;
    private int measured;
    private long tasks;

    public ObservingProfiler() {
        // JMH instantiates profilers reflectively
    }

    @Override
    public String getDescription() {
        return "fiberbench resources, pinning, carriers and async-profiler over the measurement iterations";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmark, IterationParams iteration) {
        if (iteration.getType() == IterationType.WARMUP && !rehearsed) {
            rehearsed = true;
            rehearsal = ForkObservation.rehearseIfAsked(benchmark.getParam("executor"));
        }
        if (iteration.getType() == IterationType.MEASUREMENT && !started) {
            started = true;
            observation = ForkObservation.startIfAsked(benchmark.getParam("executor"));
            // dropped once the real one runs: JFR is never stopped and restarted between the two
            endRehearsal();
        }
        if (iteration.getType() == IterationType.MEASUREMENT && observation != null) {
            observation.iterationStarted(); // the peaks are per measured iteration: what lies between is left out
        }
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmark, IterationParams iteration,
                                                       IterationResult result) {
        if (iteration.getType() != IterationType.MEASUREMENT || observation == null) {
            return List.of();
        }
        observation.iterationEnded();
        long ops = result.getMetadata() == null ? 0 : result.getMetadata().getMeasuredOps();
        tasks += ops * LoadSpec.parse(benchmark.getParam("load"), org.fiberbench.load.BatchLoad.class).tasks();
        if (++measured == iteration.getCount()) {
            observation.finish(tasks);
            observation = null;
        }
        return List.of();
    }

    private void endRehearsal() {
        if (rehearsal != null) {
            rehearsal.discard();
            rehearsal = null;
        }
    }
}
