package org.fiberbench.engine.sweep;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fiberbench.engine.Scenario;
import org.fiberbench.executor.ExecutorAxis;
import org.fiberbench.executor.ExecutorSpec;
import org.fiberbench.executor.InlineExecutorSpec;
import org.fiberbench.load.LoadSpec;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.result.ScenarioResult;
import org.fiberbench.spec.LongRange;
import org.fiberbench.spec.Numbers;
import org.fiberbench.spec.SpecException;

/**
 * A sweep over one parallelism parameter: {@code workers} (process workers, and the threads of
 * platform:fixed so both kinds of pool share one axis, as in the process pool experiment), {@code carriers}
 * (virtual threads on a custom scheduler), {@code threads} (platform:fixed, forkjoin) or
 * {@code tasks} (batch loads). {@link #expand} runs every scenario once per value, each group led
 * by an {@code inline} baseline; {@link #annotate} then gives every point its speed-up over that
 * baseline and its parallel efficiency (speed-up / parallelism).
 *
 * @param param  the swept parameter
 * @param values its values, in the order given
 */
public record Sweep(String param, List<Long> values) {
    static final List<String> PARAMS = List.of("workers", "carriers", "threads", "tasks");
    static final int MAX_VALUES = 64;
    /** Marks a sweep group; {@link #annotate} finds the points by it. */
    private static final String MARK = " · sweep ";
    private static final Pattern GROUP = Pattern.compile(Pattern.quote(MARK) + "(\\w+)$");

    public Sweep {
        if (!PARAMS.contains(param)) {
            throw new SpecException("--sweep " + param + ": unknown parameter; accepted: " + String.join(", ", PARAMS));
        }
        if (values.isEmpty() || values.size() > MAX_VALUES) {
            throw new SpecException("--sweep " + param + " needs 1.." + MAX_VALUES + " values, got " + values.size());
        }
        values = List.copyOf(values);
    }

    /** {@code workers=1..8}, {@code threads=1,2,4,8}, {@code tasks=100,1000..1002}. */
    public static Sweep parse(String text) {
        int eq = text.indexOf('=');
        if (eq < 0) {
            throw new SpecException("--sweep '" + text + "' is not PARAM=VALUES; accepted: "
                    + String.join("|", PARAMS) + "=LO..HI or =A,B,C");
        }
        String param = text.substring(0, eq).trim().toLowerCase(Locale.ROOT);
        String where = "--sweep " + param;
        List<Long> values = new ArrayList<>();
        for (String part : text.substring(eq + 1).split(",", -1)) {
            String p = part.trim();
            if (p.contains("..")) {
                LongRange r = LongRange.parse(where, p, 1, LoadSpec.MAX_TASKS);
                if (r.hi() - r.lo() >= MAX_VALUES) {
                    throw new SpecException(where + ": range " + p + " has more than " + MAX_VALUES + " values");
                }
                for (long v = r.lo(); v <= r.hi(); v++) {
                    values.add(v);
                }
            } else {
                values.add(Numbers.parseLong(where, p, 1, LoadSpec.MAX_TASKS));
            }
        }
        return new Sweep(param, values.stream().distinct().toList());
    }

    /** Each scenario at each value, grouped per workload × load, each group led by inline. */
    public List<Scenario> expand(List<Scenario> scenarios) {
        Map<String, List<Scenario>> groups = new LinkedHashMap<>();
        boolean applied = false;
        for (Scenario s : scenarios) {
            if (s.executor() instanceof InlineExecutorSpec) {
                continue;
            }
            for (long v : values) {
                Scenario t = at(s, v);
                applied |= t != s;
                String group = t.workload().canonical() + " × " + t.load().canonical()
                        + (t.settings().jvmArgs().isEmpty() ? "" : " " + String.join(" ", t.settings().jvmArgs()))
                        + MARK + param;
                List<Scenario> g = groups.computeIfAbsent(group, k -> new ArrayList<>(List.of(
                        new Scenario(new InlineExecutorSpec(), t.workload(), t.load(), t.settings(), k))));
                Scenario point = new Scenario(t.executor(), t.workload(), t.load(), t.settings(), group);
                if (g.stream().noneMatch(x -> x.label().equals(point.label()))) {
                    g.add(point);
                }
            }
        }
        if (!applied) {
            throw new SpecException("--sweep " + param + " changes no scenario; " + applies());
        }
        return groups.values().stream().flatMap(List::stream).toList();
    }

    private String applies() {
        return axis().map(ExecutorAxis::appliesTo).orElse("it applies to batch:tasks=N loads");
    }

    /** The executor size this sweep varies; empty for {@code tasks}, which varies the load. */
    private Optional<ExecutorAxis> axis() {
        return Arrays.stream(ExecutorAxis.values()).filter(a -> a.id().equals(param)).findFirst();
    }

    /** {@code s} with the parameter set to {@code v}; {@code s} itself when the parameter does not apply. */
    private Scenario at(Scenario s, long v) {
        Optional<ExecutorSpec> e = axis().flatMap(a -> s.executor().with(a, Math.toIntExact(v)));
        if (e.isPresent()) {
            return new Scenario(e.get(), s.workload(), s.load(), s.settings(), s.group(), s.jdk());
        }
        if (param.equals("tasks") && s.load() instanceof org.fiberbench.load.BatchLoad) {
            return new Scenario(s.executor(), s.workload(), LoadSpec.parse("batch:tasks=" + v), s.settings(), s.group(), s.jdk());
        }
        return s;
    }

    /**
     * Adds {@code speedup}, {@code parallel_efficiency} and the {@code sweep} section to every
     * sweep point of the run, and the run-level {@code sweeps} list; rewrites results.json.
     */
    public static void annotate(RunDirectory run) {
        Map<String, Map<String, Object>> series = new LinkedHashMap<>();
        List<ScenarioResult> all = run.scenarios();
        for (ScenarioResult r : all) {
            Matcher m = GROUP.matcher(r.group());
            if (!m.find() || r.executor().equals("inline")) {
                continue;
            }
            String param = m.group(1);
            Long value = valueOf(param, r);
            r.section("sweep", value == null ? Map.of("param", param) : Map.of("param", param, "value", value));
            ScenarioResult base = all.stream().filter(b -> b.group().equals(r.group()) && b.executor().equals("inline"))
                    .findFirst().orElse(null);
            String missing = baselineProblem(base);
            if (missing == null) {
                speedup(r, base);
            } else if (r.termination().equals("normal")) {
                r.metric("speedup_missing", missing);
            }
            String key = param + " " + r.workload() + " " + template(param, r) + " " + r.jdkLabel(); // a curve per JDK
            Map<String, Object> entry = series.computeIfAbsent(key, k -> newSeries(param, r));
            addTo(entry, "values", value);
            addTo(entry, "scenario_ids", r.id());
        }
        if (!series.isEmpty()) {
            run.put("sweeps", List.copyOf(series.values()));
        }
    }

    private static Map<String, Object> newSeries(String param, ScenarioResult r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("param", param);
        m.put("executor", template(param, r));
        m.put("workload", r.workload());
        if (r.jdkLabel() != null) {
            m.put("jdk", r.jdkLabel());
        }
        m.put("values", new ArrayList<>());
        m.put("scenario_ids", new ArrayList<>());
        return m;
    }

    @SuppressWarnings("unchecked")
    private static void addTo(Map<String, Object> entry, String key, Object v) {
        ((List<Object>) entry.get(key)).add(v);
    }

    private static String template(String param, ScenarioResult r) {
        return param.equals("tasks") ? r.executor() : ExecutorSpec.parse(r.executor()).template();
    }

    private static Long valueOf(String param, ScenarioResult r) {
        if (param.equals("tasks")) {
            return LoadSpec.parse(r.load()) instanceof org.fiberbench.load.BatchLoad b ? b.tasks() : 0L;
        }
        int p = ExecutorSpec.parse(r.executor()).parallelism();
        return p > 0 ? (long) p : null;
    }

    /** Why a group's inline baseline gives no speed-up (not run, failed, interrupted), or null when it does. */
    private static String baselineProblem(ScenarioResult base) {
        if (base == null) {
            return "no inline baseline in this run";
        }
        if (!base.termination().equals("normal") || !(base.metricValue("score") instanceof Number)) {
            return "inline baseline " + base.termination();
        }
        return null;
    }

    private static void speedup(ScenarioResult r, ScenarioResult base) {
        if (!r.termination().equals("normal") || !base.termination().equals("normal")
                || !(r.metricValue("score") instanceof Number s) || !(base.metricValue("score") instanceof Number b)) {
            return;
        }
        boolean timePerOp = String.valueOf(r.metricValue("score_unit")).startsWith("ms");
        double speedup = timePerOp ? b.doubleValue() / s.doubleValue() : s.doubleValue() / b.doubleValue();
        r.metric("speedup", round(speedup));
        int p = ExecutorSpec.parse(r.executor()).parallelism();
        if (p > 0) {
            r.metric("parallel_efficiency", round(speedup / p));
        }
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
