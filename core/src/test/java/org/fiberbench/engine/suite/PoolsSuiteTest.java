package org.fiberbench.engine.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.fiberbench.engine.Scenario;
import org.fiberbench.engine.Settings;
import org.fiberbench.engine.Suite;
import org.junit.jupiter.api.Test;

class PoolsSuiteTest {

    @Test
    void quickPoolsSuiteSweepsThePoolSizeOfTheSeedsMatrix() {
        List<Scenario> plan = PoolsSuite.pools().plan(Suite.Scale.QUICK, Settings.Overrides.NONE);
        List<String> primes = plan.stream().filter(s -> s.workload().canonical().startsWith("primes"))
                .map(s -> s.executor().canonical()).toList();
        assertEquals("inline", primes.get(0));
        for (String e : List.of("platform:fixed=1", "platform:fixed=2", "process:workers=1,dispatch=shared",
            "process:workers=2,dispatch=shared", "process:workers=1,dispatch=static", "process:workers=2,dispatch=static")) {
            assertTrue(primes.contains(e), e + " in " + primes);
        }
        assertTrue(plan.stream().anyMatch(s -> s.workload().canonical().startsWith("file")
                && s.executor().canonical().equals("process:workers=2,dispatch=static")));
        assertTrue(plan.stream().allMatch(s -> s.group().endsWith(" · sweep workers")));
    }

    @Test
    void everyBatchOfThePoolsSuitesTestsTheSameValues() {
        List<Scenario> plan = new java.util.ArrayList<>(PoolsSuite.taste().plan(Suite.Scale.QUICK, Settings.Overrides.NONE));
        plan.addAll(PoolsSuite.pools().plan(Suite.Scale.QUICK, Settings.Overrides.NONE));
        plan.addAll(PoolsSuite.pools().plan(Suite.Scale.FULL, Settings.Overrides.NONE));
        for (Scenario s : plan) {
            String load = s.load().canonical();
            long tasks = Long.parseLong(load.substring(load.indexOf("tasks=") + 6));
            assertTrue(s.workload().canonical().endsWith(",draws=" + tasks), s.workload().canonical() + " × " + load);
        }
        assertTrue(plan.stream().anyMatch(s -> s.workload().canonical().endsWith(",draws=3000")), "the seed's 3000 values at full scale");
    }
}
