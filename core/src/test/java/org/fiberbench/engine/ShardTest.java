package org.fiberbench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.fiberbench.spec.SpecException;
import org.junit.jupiter.api.Test;

/** How a plan is cut into shards: disjoint, complete, balanced, and independent of anything but the plan. */
class ShardTest {
    private static final List<String> EXECUTORS = List.of("virtual", "platform:fixed=2", "platform:cached", "forkjoin:parallelism=2",
            "platform:per-task");
    private static final List<String> WORKLOADS = List.of("noop", "cpu:iterations=1000", "sleep:ms=1");

    private static Plan plan() {
        return Plan.adhoc(EXECUTORS, WORKLOADS, List.of("batch:tasks=10"), Defaults.SETTINGS);
    }

    @Test
    void theShardsOfAPlanAreDisjointCompleteAndWithinOneScenarioOfEachOther() {
        Plan whole = plan();
        for (int n = 1; n <= whole.scenarios().size(); n++) {
            Set<Integer> seen = new HashSet<>();
            int min = Integer.MAX_VALUE;
            int max = 0;
            for (int k = 1; k <= n; k++) {
                Plan part = whole.shard(new Shard(k, n));
                for (int i = 0; i < part.scenarios().size(); i++) {
                    int number = part.number(i);
                    assertTrue(seen.add(number), "scenario " + number + " in two shards of " + n);
                    assertEquals(whole.scenarios().get(number - 1), part.scenarios().get(i), "a shard's numbers are the plan's");
                }
                min = Math.min(min, part.scenarios().size());
                max = Math.max(max, part.scenarios().size());
            }
            assertEquals(whole.scenarios().size(), seen.size(), "every scenario in some shard of " + n);
            assertTrue(max - min <= 1, n + " shards: sizes " + min + ".." + max);
        }
    }

    @Test
    void aShardDependsOnTheScenariosNotOnTheirOrder() {
        List<String> reversed = new ArrayList<>(EXECUTORS);
        java.util.Collections.reverse(reversed);
        Plan a = plan().shard(new Shard(2, 3));
        Plan b = Plan.adhoc(reversed, WORKLOADS, List.of("batch:tasks=10"), Defaults.SETTINGS).shard(new Shard(2, 3));
        assertEquals(new HashSet<>(a.scenarios().stream().map(Scenario::label).toList()),
                new HashSet<>(b.scenarios().stream().map(Scenario::label).toList()));
        assertEquals(a.sharding().numbers(), plan().shard(new Shard(2, 3)).sharding().numbers(), "the same part every time");
    }

    @Test
    void badShardSpecsAreRefusedNamingTheValue() {
        for (String bad : List.of("0/2", "3/2", "a/b", "1/0", "1", "", "-1/2", "1/2/3")) {
            SpecException e = assertThrows(SpecException.class, () -> Shard.parse(bad));
            assertTrue(e.getMessage().startsWith("--shard ") && e.getMessage().contains("accepted: K/N"), e.getMessage());
        }
        SpecException tooMany = assertThrows(SpecException.class, () -> plan().shard(new Shard(1, 16)));
        assertTrue(tooMany.getMessage().contains("the plan has 15 scenarios"), tooMany.getMessage());
    }
}
