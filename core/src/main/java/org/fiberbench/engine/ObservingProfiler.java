package org.fiberbench.engine;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.load.LoadSpec;
import org.fiberbench.measure.ObserveOptions;
import org.fiberbench.measure.Observer;
import org.fiberbench.result.RunDirectory;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.runner.IterationType;

/**
 * A JMH profiler, run inside each JMH fork, that observes the measured iterations only: it
 * starts an {@link Observer} before the first measurement iteration and, after the last, writes
 * what it saw as JSON to the file named by {@code -Dfiberbench.observe.out}, which the parent
 * reads into the scenario's result. JMH makes one instance per fork and calls it from one thread.
 */
public final class ObservingProfiler implements InternalProfiler {
    private static final ObjectMapper JSON = new ObjectMapper();
    private Observer observer;
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
        if (iteration.getType() != IterationType.MEASUREMENT || observer != null || System.getProperty(
                Observation.OUT_PROPERTY) == null) {
            return;
        }
        ObserveOptions o = ObserveOptions.fromProperties(System.getProperties());
        Observer.Carriers carriers = Observation.carriersOf(ExecutorSpec.parse(benchmark.getParam("executor")));
        observer = Observer.start(o, carriers, Observation.filesFromProperties());
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmark, IterationParams iteration,
                                                       IterationResult result) {
        if (iteration.getType() != IterationType.MEASUREMENT || observer == null) {
            return List.of();
        }
        tasks += (result.getMetadata() == null ? 0 : result.getMetadata().getMeasuredOps()) * LoadSpec.parse(benchmark.getParam("load")).tasks();
        if (++measured == iteration.getCount()) {
            Map<String, Object> observed = observer.stop(tasks);
            observer = null;
            write(Path.of(System.getProperty(Observation.OUT_PROPERTY)), observed);
        }
        return List.of();
    }

    private static void write(Path out, Map<String, Object> observed) {
        try {
            RunDirectory.writeAtomically(out, JSON.writeValueAsBytes(observed));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write observations to " + out, e);
        }
    }
}
