package org.fiberbench.engine.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.fiberbench.engine.Scenario;
import org.fiberbench.engine.Settings;
import org.fiberbench.engine.Suite;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.http.HttpWorkload;
import org.junit.jupiter.api.Test;

/** The {@code server} suite is seed 003's comparison: Tomcat's 200 threads vs virtual threads, 1 s endpoint. */
class ServerSuitesTest {
    private static List<Scenario> plan(Suite.Scale scale) {
        return Suites.of("server").plan(scale, Settings.Overrides.NONE);
    }

    @Test
    void comparesTomcatsDefaultPoolWithVirtualThreadsOnTheOneSecondEndpoint() {
        List<String> executors = plan(Suite.Scale.FULL).stream().map(s -> s.executor().canonical()).toList();
        assertEquals(List.of("platform:fixed=200", "virtual", "virtual:scheduler=fixed,carriers=" + ExecutorSpec.cpus()),
                executors);
        for (Scenario s : plan(Suite.Scale.FULL)) {
            assertTrue(HttpWorkload.isRelative(s.workload().canonical()), "served by fiberbench's own forked server");
            assertTrue(s.workload().canonical().startsWith("http:url=/thread/benchmark?ms=1000"), s.workload().canonical());
        }
    }

    @Test
    void fullScaleRuns1000ClosedUsersAndQuickFewer() {
        Scenario full = plan(Suite.Scale.FULL).get(0);
        assertEquals("closed:users=1000,duration=1m,warmup=10s,ramp=1s", full.load().canonical());
        Scenario quick = plan(Suite.Scale.QUICK).get(0);
        assertTrue(quick.load().canonical().startsWith("closed:users=400,"), quick.load().canonical());
        assertEquals(3, plan(Suite.Scale.QUICK).size());
    }
}
