package org.fiberbench.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.fork.Jdk;
import org.fiberbench.load.LoadSpec;
import org.fiberbench.result.ScenarioResult;
import org.fiberbench.spec.Spec;
import org.fiberbench.spec.SpecException;
import org.fiberbench.workload.WorkloadSpec;

/**
 * The scenarios of one run, all validated. Made from a suite or from ad-hoc specs; nothing is
 * started and nothing is written until a plan exists, so a bad spec fails before any work.
 */
public record Plan(String name, String scale, List<Scenario> scenarios, Sharding sharding) {

    public Plan {
        if (scenarios.isEmpty()) {
            throw new SpecException("the plan '" + name + "' has no scenarios");
        }
        scenarios = List.copyOf(scenarios);
    }

    public Plan(String name, String scale, List<Scenario> scenarios) {
        this(name, scale, scenarios, null);
    }

    /**
     * What a sharded plan keeps of the whole one: its shard, how many scenarios the whole plan has,
     * each kept scenario's 1-based number there (its scenario id's number, so the ids of all shards
     * are the ids of the unsharded run) and the whole plan's fingerprint.
     */
    public record Sharding(Shard shard, int planned, List<Integer> numbers, String plan) {
        public Sharding {
            numbers = List.copyOf(numbers);
        }

        /** The {@code shard} section of results.json. */
        public java.util.Map<String, Object> section() {
            java.util.Map<String, Object> m = new java.util.LinkedHashMap<>();
            m.put("index", shard.index());
            m.put("count", shard.count());
            m.put("planned_scenarios", planned);
            m.put("numbers", numbers);
            m.put("plan", plan);
            return m;
        }
    }

    /** This plan's part {@code shard}: the scenarios {@link Shard} deals to it, in plan order. */
    public Plan shard(Shard shard) {
        if (sharding != null) {
            throw new IllegalStateException("a plan is sharded once");
        }
        List<Integer> positions = shard.positions(scenarios);
        List<Scenario> kept = positions.stream().map(scenarios::get).toList();
        List<Integer> numbers = positions.stream().map(i -> i + 1).toList();
        return new Plan(name, scale, kept, new Sharding(shard, scenarios.size(), numbers, Shard.fingerprint(scenarios)));
    }

    /** The id number of the i-th scenario of this plan: i + 1, or its number in the whole plan when sharded. */
    public int number(int i) {
        return sharding == null ? i + 1 : sharding.numbers().get(i);
    }

    /** Every combination of the given specs, grouped by workload × load (the first executor is each group's baseline). */
    public static Plan adhoc(List<String> executors, List<String> workloads, List<String> loads, Settings settings) {
        return adhoc(executors, workloads, loads, settings, UnaryOperator.identity());
    }

    /**
     * As {@link #adhoc(List, List, List, Settings)}, each workload spec completed by {@code
     * workloadCompletion} before it is validated (the CLI's {@code --classpath}).
     */
    public static Plan adhoc(List<String> executors, List<String> workloads, List<String> loads, Settings settings,
                             UnaryOperator<Spec> workloadCompletion) {
        if (executors.isEmpty()) {
            throw new SpecException("--executor is required for an ad-hoc run (e.g. --executor virtual); or name a suite");
        }
        List<ExecutorSpec> es = executors.stream().map(ExecutorSpec::parse).toList();
        List<WorkloadSpec> ws = (workloads.isEmpty() ? List.of("cpu:iterations=100000") : workloads).stream()
                .map(w -> WorkloadSpec.parse(w, workloadCompletion)).toList();
        List<LoadSpec> ls = (loads.isEmpty() ? List.of("batch:tasks=1000") : loads).stream().map(LoadSpec::parse).toList();
        List<Scenario> out = new ArrayList<>();
        for (WorkloadSpec w : ws) {
            for (LoadSpec l : ls) {
                for (ExecutorSpec e : es) {
                    out.add(new Scenario(e, w, l, settings));
                }
            }
        }
        for (Scenario s : out) {
            ScenarioRunners.forLoad(s.load().kind()).check(s);
        }
        return new Plan("adhoc", "adhoc", out);
    }

    public static Plan suites(List<Suite> suites, Suite.Scale scale, Settings.Overrides overrides) {
        List<Scenario> out = new ArrayList<>();
        for (Suite s : suites) {
            out.addAll(s.plan(scale, overrides));
        }
        for (Scenario s : out) {
            ScenarioRunners.forLoad(s.load().kind()).check(s);
        }
        String name = suites.size() == 1 ? suites.get(0).name() : "showdown";
        return new Plan(name, scale.name().toLowerCase(java.util.Locale.ROOT), out);
    }

    /**
     * This plan with every scenario once per JDK in {@code jdks} (none: unchanged), the JDKs
     * innermost so one executor's runs on each JDK follow each other. With more than one JDK,
     * each JDK's scenarios form groups of their own ({@link ScenarioResult#jdkGroup}): an
     * executor's baseline is on its own JDK.
     */
    public Plan onJdks(List<Jdk> jdks) {
        if (jdks.isEmpty()) {
            return this;
        }
        List<Scenario> out = new ArrayList<>();
        for (Scenario s : scenarios) {
            for (Jdk j : jdks) {
                out.add(s.on(j, jdks.size() > 1 ? ScenarioResult.jdkGroup(j.label(), s.group()) : s.group()));
            }
        }
        return new Plan(name, scale, out);
    }

    /**
     * This plan with every workload passed through {@code f} (e.g. the CLI's {@code --dir} given
     * to file workloads); a group that names a changed workload names the new one, so baselines
     * and sweeps keep their groups.
     */
    public Plan withWorkloads(UnaryOperator<WorkloadSpec> f) {
        List<Scenario> out = new ArrayList<>();
        for (Scenario s : scenarios) {
            WorkloadSpec w = f.apply(s.workload());
            String group = s.group().replace(s.workload().canonical(), w.canonical());
            out.add(new Scenario(s.executor(), w, s.load(), s.settings(), group, s.jdk()));
        }
        return new Plan(name, scale, out);
    }
}
