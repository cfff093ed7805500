package org.fiberbench.engine.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.fiberbench.engine.Scenario;
import org.fiberbench.engine.Settings;
import org.fiberbench.engine.Suite;
import org.fiberbench.executor.ExecutorSpec;
import org.junit.jupiter.api.Test;

/** The {@code db} suite is seed 001's matrix plus the direct baselines, nothing more. */
class DbSuitesTest {
    private static final int CPUS = ExecutorSpec.cpus();
    private static final String OFFLOAD = "jdbc:query=scan,via=offload,offload-threads=" + 2 * CPUS + ",pool=16";
    private static final String DIRECT = "jdbc:query=scan,via=direct,pool=16,pool-timeout=2m";

    private static List<String> rows(Suite.Scale scale) {
        List<String> out = new ArrayList<>();
        for (Scenario s : Suites.of("db").plan(scale, Settings.Overrides.NONE)) {
            out.add(s.executor().canonical() + " | " + s.workload().canonical() + " | " + s.load().canonical());
        }
        return out;
    }

    private static List<String> expected(long... batches) {
        List<String> out = new ArrayList<>();
        for (int size : new int[] {1000, 2000}) {
            for (long t : batches) {
                for (String sched : new String[] {"forkjoin", "fixed"}) {
                    out.add("virtual-pool:size=" + size + ",scheduler=" + sched + ",carriers=" + CPUS + " | " + OFFLOAD
                            + " | batch:tasks=" + t);
                }
            }
        }
        for (long t : batches) {
            for (String e : new String[] {"platform:fixed=16", "platform:fixed=200", "virtual"}) {
                out.add(e + " | " + DIRECT + " | batch:tasks=" + t);
            }
        }
        return out;
    }

    @Test
    void fullScaleIsSeed001sMatrixAndTheDirectBaselines() {
        assertEquals(expected(100_000, 200_000, 300_000, 400_000, 500_000), rows(Suite.Scale.FULL));
    }

    @Test
    void quickScaleIsTheSameMatrixOnOneSmallBatch() {
        assertEquals(expected(5_000), rows(Suite.Scale.QUICK));
    }

    @Test
    void forkjoinAndPlatformFixed16AreTheGroupBaselines() {
        List<Scenario> plan = Suites.of("db").plan(Suite.Scale.QUICK, Settings.Overrides.NONE);
        assertEquals(plan.get(0).group(), plan.get(1).group(), "forkjoin and fixed share a group");
        assertTrue(plan.get(0).executor().canonical().contains("scheduler=forkjoin"));
        Scenario direct = plan.get(4);
        assertEquals("platform:fixed=16", direct.executor().canonical());
        assertEquals(direct.group(), plan.get(6).group(), "virtual is compared with platform:fixed=16");
    }

    @Test
    void onlyTheSmokeScenarioJoinsTheDefaultRun() {
        List<String> names = Suites.defaultShowdown().stream().map(Suite::name).toList();
        assertTrue(names.contains("db-smoke") && !names.contains("db"), names.toString());
        List<Scenario> smoke = Suites.of("db-smoke").plan(Suite.Scale.QUICK, Settings.Overrides.NONE);
        assertEquals(1, smoke.size());
        assertEquals("jdbc", smoke.get(0).workload().kind().id());
    }

    @Test
    void onlyTheQuickServerScenarioJoinsTheDefaultRun() {
        List<String> names = Suites.defaultShowdown().stream().map(Suite::name).toList();
        assertTrue(names.contains("server-quick") && !names.contains("server"), names.toString());
        List<Scenario> quick = Suites.of("server-quick").plan(Suite.Scale.QUICK, Settings.Overrides.NONE);
        assertEquals(1, quick.size());
        assertEquals("http", quick.get(0).workload().kind().id());
    }
}
