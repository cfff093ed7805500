package org.fiberbench.engine.sweep;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.fiberbench.engine.Plan;
import org.fiberbench.engine.RunListener;
import org.fiberbench.engine.Scenario;
import org.fiberbench.engine.ScenarioRunners;
import org.fiberbench.engine.Settings;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.load.LoadSpec;
import org.fiberbench.load.OpenLoad;
import org.fiberbench.result.LatencyTable;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.result.ScenarioResult;
import org.fiberbench.spec.Numbers;
import org.fiberbench.spec.Spec;
import org.fiberbench.spec.SpecException;
import org.fiberbench.workload.WorkloadSpec;

/**
 * {@code --sweep rate=LO..HI:STEP} (or {@code rate=A,B,C}) with an optional {@code --sla p99=50ms}:
 * one open scenario per rate, per executor × workload, rates ascending; once a rate breaks the SLA
 * (or fails) the higher rates of that executor × workload are skipped. Each result gets a {@code
 * sweep} section and the run a {@code sweeps} entry; the end table shows rate × percentiles.
 */
public final class RateSweep implements RunListener {
    /** An open load used as the template when none is given: its rate is replaced by each swept rate. */
    static final String DEFAULT_TEMPLATE = "open:rate=1,duration=5s,warmup=1s";
    static final int MAX_RATES = 200;
    private static final Map<String, String> LEVELS = levels();

    private final RunDirectory run;
    private final Map<String, Long> sla;
    private final Set<String> broken = new HashSet<>();
    private final Map<String, Map<String, Object>> sweeps = new LinkedHashMap<>();

    public RateSweep(RunDirectory run, List<String> sla) {
        this.run = run;
        this.sla = parseSla(sla);
    }

    private static Map<String, String> levels() {
        Map<String, String> m = new LinkedHashMap<>();
        for (String[] kv : new String[][] {{"p50", "p50_ns"}, {"p90", "p90_ns"}, {"p99", "p99_ns"},
            {"p99.9", "p99_9_ns"}, {"p99.99", "p99_99_ns"}, {"max", "max_ns"}}) {
            m.put(kv[0], kv[1]);
        }
        return m;
    }

    /** Parses {@code rate=LO..HI:STEP} or {@code rate=A,B,C} into ascending rates. */
    static List<Double> parseRates(String sweep) {
        String accepted = "accepted: rate=LO..HI:STEP or rate=A,B,C";
        int eq = sweep.indexOf('=');
        if (eq < 0 || !sweep.substring(0, eq).trim().equals("rate")) {
            throw new SpecException("--sweep '" + sweep + "': only the rate can be swept; " + accepted);
        }
        String v = sweep.substring(eq + 1).trim();
        List<Double> rates = new ArrayList<>();
        if (v.contains("..")) {
            String[] lohi = v.split("\\.\\.", 2);
            String[] hiStep = lohi[1].split(":", 2);
            if (hiStep.length != 2) {
                throw new SpecException("--sweep '" + sweep + "': a range needs a step; " + accepted);
            }
            double lo = rate(lohi[0]);
            double hi = rate(hiStep[0]);
            double step = rate(hiStep[1]);
            if (hi < lo) {
                throw new SpecException("--sweep '" + sweep + "': HI " + hiStep[0] + " is below LO " + lohi[0]);
            }
            for (int k = 0; lo + k * step <= hi * (1 + 1e-12) && rates.size() <= MAX_RATES; k++) {
                rates.add(lo + k * step);
            }
        } else {
            for (String r : v.split(",")) {
                rates.add(rate(r));
            }
        }
        if (rates.size() > MAX_RATES) {
            throw new SpecException("--sweep '" + sweep + "' gives more than " + MAX_RATES + " rates");
        }
        return rates.stream().distinct().sorted().toList();
    }

    private static double rate(String text) {
        return Numbers.parseDouble("--sweep rate", text, 0, LoadSpec.MAX_RATE);
    }

    /** {@code p99=50ms[,max=1s]}, repeatable; percentile → bound in ns. */
    static Map<String, Long> parseSla(List<String> sla) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (String item : sla) {
            for (String part : item.split(",")) {
                String[] kv = part.split("=", 2);
                String level = kv[0].trim().toLowerCase(Locale.ROOT);
                if (!LEVELS.containsKey(level)) {
                    throw new SpecException("--sla: unknown percentile '" + kv[0].trim() + "'; accepted: "
                            + String.join(", ", LEVELS.keySet()));
                }
                if (kv.length != 2) {
                    throw new SpecException("--sla '" + part + "': needs a bound, e.g. " + level + "=50ms");
                }
                long ns = Numbers.parseDuration("--sla " + level, kv[1]).toNanos();
                if (ns <= 0) {
                    throw new SpecException("--sla " + level + ": " + kv[1] + " must be > 0");
                }
                out.put(level, ns);
            }
        }
        return out;
    }

    /** One open scenario per executor × workload × rate, rates ascending within each executor × workload. */
    public static Plan plan(List<String> executors, List<String> workloads, List<String> loads, Settings settings,
                            String sweep, List<String> sla) {
        return plan(executors, workloads, loads, settings, sweep, sla, UnaryOperator.identity());
    }

    /** As {@link #plan(List, List, List, Settings, String, List)}, workload specs completed as in {@link Plan#adhoc}. */
    public static Plan plan(List<String> executors, List<String> workloads, List<String> loads, Settings settings,
                            String sweep, List<String> sla, UnaryOperator<Spec> workloadCompletion) {
        List<Double> rates = parseRates(sweep);
        parseSla(sla);
        if (executors.isEmpty()) {
            throw new SpecException("--sweep needs --executor (e.g. -e virtual)");
        }
        if (loads.size() > 1) {
            throw new SpecException("--sweep takes at most one --load, the open load whose rate is swept");
        }
        LoadSpec parsed = LoadSpec.parse(loads.isEmpty() ? DEFAULT_TEMPLATE : loads.get(0));
        if (!(parsed instanceof OpenLoad template)) {
            throw new SpecException("--sweep rate needs an open load (e.g. -l open:rate=1,duration=5s); got '"
                    + parsed.canonical() + "'");
        }
        List<Scenario> out = new ArrayList<>();
        for (String w : workloads.isEmpty() ? List.of("cpu:iterations=100000") : workloads) {
            for (String e : executors) {
                for (double r : rates) {
                    out.add(new Scenario(ExecutorSpec.parse(e), WorkloadSpec.parse(w, workloadCompletion), template.withRate(r), settings));
                }
            }
        }
        for (Scenario s : out) {
            ScenarioRunners.forLoad(s.load().kind()).check(s);
        }
        return new Plan("sweep", "adhoc", out);
    }

    /** The swept rate: every scenario of a sweep has an open load. */
    private static double rate(Scenario s) {
        return ((OpenLoad) s.load()).rate();
    }

    private static String chain(Scenario s) {
        return s.executor().canonical() + " × " + s.workload().canonical() + (s.jdk() == null ? "" : " on jdk " + s.jdk().label());
    }

    @Override
    public boolean skip(Scenario s) {
        return broken.contains(chain(s));
    }

    @Override
    public void finished(Scenario s, ScenarioResult r) {
        String why = violation(r);
        Map<String, Object> section = new LinkedHashMap<>();
        section.put("param", "rate");
        section.put("value", rate(s));
        section.put("sla", slaText());
        section.put("sla_met", why == null);
        r.section("sweep", section);
        Map<String, Object> entry = sweeps.computeIfAbsent(chain(s), k -> newEntry(s));
        addTo(entry, "values", rate(s));
        addTo(entry, "scenario_ids", r.id());
        if (why != null) {
            broken.add(chain(s));
            entry.put("stopped_early", why + " at " + LatencyTable.rate(rate(s)) + "/s");
        }
        run.put("sweeps", List.copyOf(sweeps.values()));
    }

    private Map<String, Object> newEntry(Scenario s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("param", "rate");
        m.put("executor", s.executor().canonical());
        m.put("workload", s.workload().canonical());
        m.put("sla", slaText());
        m.put("values", new ArrayList<>());
        m.put("scenario_ids", new ArrayList<>());
        m.put("stopped_early", null);
        return m;
    }

    @SuppressWarnings("unchecked")
    private static void addTo(Map<String, Object> m, String key, Object v) {
        ((List<Object>) m.get(key)).add(v);
    }

    private String slaText() {
        List<String> parts = new ArrayList<>();
        sla.forEach((k, v) -> parts.add(k + "<=" + LatencyTable.ms(v) + "ms"));
        return parts.isEmpty() ? null : String.join(",", parts);
    }

    /** Why this result breaks the SLA, or null. */
    private String violation(ScenarioResult r) {
        if (!r.termination().equals("normal")) {
            return "the scenario failed";
        }
        if (!(r.section("latency") instanceof Map<?, ?> lat) || !(lat.get("corrected") instanceof Map<?, ?> c)) {
            return null;
        }
        for (Map.Entry<String, Long> e : sla.entrySet()) {
            Object v = c.get(LEVELS.get(e.getKey()));
            if (v instanceof Number n && n.longValue() > e.getValue()) {
                return e.getKey() + " " + LatencyTable.ms(n.longValue()) + "ms above " + LatencyTable.ms(e.getValue()) + "ms";
            }
        }
        return null;
    }
}
