package org.fiberbench.http;

import java.util.Optional;
import java.util.ServiceLoader;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.result.ScenarioResult;

/**
 * A load engine other than fiberbench's loop fork for the {@code http} workload's closed and open
 * scenarios ({@code engine=ID}). Core does not know one by name: a module registers its engine in
 * {@code META-INF/services/org.fiberbench.http.HttpEngine} (the jmeter module registers JMeter's).
 */
public interface HttpEngine {

    /** The {@code engine=} value this engine answers to. */
    String id();

    /**
     * Runs {@code options}' load to its end (bounded) and puts its figures into {@code r}: the metrics,
     * the {@code latency} section, its files in {@code run} (at least the {@code .hlog} of {@code r}'s id).
     * A lost engine is {@code r}'s failure, not an exception.
     */
    LoadOutcome run(LoadOptions options, ScenarioResult r, RunDirectory run) throws Exception;

    /** The registered engine {@code id}; empty when its module is not on the class path. */
    static Optional<HttpEngine> find(String id) {
        return ServiceLoader.load(HttpEngine.class, HttpEngine.class.getClassLoader()).stream()
                .map(ServiceLoader.Provider::get).filter(e -> e.id().equals(id)).findFirst();
    }
}
