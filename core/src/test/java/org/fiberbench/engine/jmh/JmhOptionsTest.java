package org.fiberbench.engine.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import org.fiberbench.engine.Scenario;
import org.fiberbench.engine.Settings;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.load.LoadSpec;
import org.fiberbench.workload.WorkloadSpec;
import org.junit.jupiter.api.Test;

/** The JMH options a scenario's settings become. */
class JmhOptionsTest {

    private static Scenario scenario(Settings st) {
        return new Scenario(ExecutorSpec.parse("virtual"), WorkloadSpec.parse("cpu:iterations=10"),
                LoadSpec.parse("batch:tasks=2"), st);
    }

    @Test
    void theForcedGcBeforeEachIterationFollowsTheSettings() {
        Settings st = new Settings(1, 2, Duration.ofMillis(500), 3, Duration.ofSeconds(1), "avgt", 2,
                Duration.ofSeconds(30), List.of());
        var forced = JmhBatchRunner.options(scenario(st)).build();
        assertEquals(true, forced.shouldDoGC().get(), "the default forces a GC, as fiberbench always has");
        var not = JmhBatchRunner.options(scenario(st.withGc(false))).build();
        assertEquals(false, not.shouldDoGC().get());
        assertEquals(List.of(2, 3, 2), List.of(not.getWarmupIterations().get(), not.getMeasurementIterations().get(),
                not.getThreads().get()));
    }

    @Test
    void synchronisedIterationsFollowTheSettingsAndJmhsDefaultStays() {
        Settings st = new Settings(1, 2, Duration.ofMillis(500), 3, Duration.ofSeconds(1), "avgt", 2,
                Duration.ofSeconds(30), List.of());
        assertEquals(true, JmhBatchRunner.options(scenario(st)).build().shouldSyncIterations().get(), "JMH's default");
        var not = JmhBatchRunner.options(scenario(st.withSyncIterations(false).withGc(false))).build();
        assertEquals(false, not.shouldSyncIterations().get());
        assertEquals(false, not.shouldDoGC().get(), "the other settings are kept");
    }
}
