package org.fiberbench.result.merge;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.fiberbench.result.ScenarioResult;
import org.fiberbench.spec.SpecException;

/**
 * The shards of one plan joined: every shard present once, the scenarios in the whole plan's order
 * (a shard numbers its scenario ids as the whole plan does), and each group's ratio recomputed
 * against the group's first scenario, which may have run in another shard.
 */
final class ShardMerge {
    private ShardMerge() {
    }

    static Merge.Joined join(List<Part> parts) {
        Merge.same(parts, "suite", "suites");
        Merge.same(parts, "scale", "scales");
        int count = number(shard(parts.get(0)).get("count"));
        Map<Integer, Part> byIndex = byIndex(parts, count);
        List<Map.Entry<Part, Map<String, Object>>> all = new ArrayList<>();
        for (Part p : byIndex.values()) {
            p.scenarios().forEach(s -> all.add(Map.entry(p, s)));
        }
        all.sort(Comparator.comparingInt(e -> idNumber(e.getValue())));
        List<ScenarioResult> scenarios = new ArrayList<>();
        Set<Integer> numbers = new LinkedHashSet<>();
        for (var e : all) {
            if (!numbers.add(idNumber(e.getValue()))) {
                throw new SpecException("scenario " + e.getValue().get("id") + " of " + e.getKey().name()
                        + " is in two shards; accepted: shards of one plan, each run once");
            }
            String id = String.valueOf(e.getValue().get("id"));
            scenarios.add(ScenarioResult.of(e.getValue()).baseline(null).ratio(null).jmhRows(e.getKey().jmhRows(id)));
        }
        recomputeRatios(scenarios);
        int planned = number(shard(parts.get(0)).get("planned_scenarios"));
        List<String> warnings = machineWarnings(new ArrayList<>(byIndex.values()));
        if (scenarios.size() != planned) {
            warnings.add("the shards hold " + scenarios.size() + " of the plan's " + planned
                    + " scenarios (a shard was interrupted)");
        }
        Map<String, Object> head = new LinkedHashMap<>();
        head.put("merged", section(byIndex, count, planned, String.valueOf(shard(parts.get(0)).get("plan"))));
        return new Merge.Joined("shards", head, scenarios, warnings, run -> {
            for (var e : all) {
                for (Object f : ScenarioResult.of(e.getValue()).files().values()) {
                    Merge.copy(e.getKey(), run, String.valueOf(f));
                }
            }
        });
    }

    /** The parts by shard index: all of one plan, each index once, none missing. */
    private static Map<Integer, Part> byIndex(List<Part> parts, int count) {
        String plan = String.valueOf(shard(parts.get(0)).get("plan"));
        Map<Integer, Part> byIndex = new TreeMap<>();
        for (Part p : parts) {
            Map<String, Object> s = shard(p);
            if (number(s.get("count")) != count || !plan.equals(String.valueOf(s.get("plan")))) {
                throw new SpecException("cannot merge shards of different plans: " + parts.get(0).name() + " is a shard of "
                        + count + " of plan " + plan + ", " + p.name() + " of " + s.get("count") + " of plan " + s.get("plan"));
            }
            Part before = byIndex.put(number(s.get("index")), p);
            if (before != null) {
                throw new SpecException("shard " + s.get("index") + "/" + count + " is given twice: " + before.name() + " and "
                        + p.name() + "; accepted: each of the " + count + " shards once");
            }
        }
        for (int k = 1; k <= count; k++) {
            if (!byIndex.containsKey(k)) {
                throw new SpecException("shard " + k + "/" + count + " is missing: merge needs all " + count
                        + " shards of the plan (given: " + byIndex.keySet().stream().map(i -> i + "/" + count).toList() + ")");
            }
        }
        return byIndex;
    }

    /** The group's first scenario that ended normally is its baseline, as in a run that was never cut. */
    static void recomputeRatios(List<ScenarioResult> scenarios) {
        Map<String, ScenarioResult> baselines = new LinkedHashMap<>();
        scenarios.forEach(r -> org.fiberbench.engine.Engine.compareToBaseline(r, baselines)); // the rule a whole run applies
    }

    /** Ratios across shards compare machines as well as executors when the shards differ in CPU or JDK. */
    private static List<String> machineWarnings(List<Part> parts) {
        List<String> out = new ArrayList<>();
        for (String what : List.of("cpu", "jdk")) {
            Map<String, List<String>> by = new LinkedHashMap<>();
            for (Part p : parts) {
                by.computeIfAbsent(what.equals("cpu") ? p.cpu() : p.jdk(), k -> new ArrayList<>()).add(p.host());
            }
            if (by.size() > 1) {
                out.add("the shards ran on different " + (what.equals("cpu") ? "CPUs" : "JDKs") + " " + by
                        + ": ratios between scenarios of different shards are confounded with the machines");
            }
        }
        return out;
    }

    private static Map<String, Object> section(Map<Integer, Part> byIndex, int count, int planned, String plan) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kind", "shards");
        m.put("shard_count", count);
        m.put("planned_scenarios", planned);
        m.put("plan", plan);
        List<Map<String, Object>> list = new ArrayList<>();
        byIndex.forEach((k, p) -> {
            Map<String, Object> s = p.summary();
            s.put("shard", Map.of("index", k, "count", count));
            list.add(s);
        });
        m.put("parts", list);
        return m;
    }

    private static Map<String, Object> shard(Part p) {
        return p.map(p.doc(), "shard");
    }

    private static int number(Object o) {
        if (o instanceof Number n) {
            return n.intValue();
        }
        throw new SpecException("the shard section holds " + o + " where a number belongs; accepted: a run --shard results.json");
    }

    /** A scenario id's number ({@code 07-virtual-...}): its place in the whole plan. */
    private static int idNumber(Map<String, Object> scenario) {
        String id = String.valueOf(scenario.get("id"));
        int end = 0;
        while (end < id.length() && Character.isDigit(id.charAt(end))) {
            end++;
        }
        if (end == 0 || end > 9) {
            throw new SpecException("scenario id " + id + " has no plan number; accepted: the ids a run --shard writes");
        }
        return Integer.parseInt(id.substring(0, end));
    }
}
