package org.fiberbench.engine;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fiberbench.fork.Jdk;
import org.fiberbench.measure.Stats;
import org.fiberbench.result.ScenarioResult;

/**
 * A scenario's JDK in its result: the {@code jdk} section (the label the run gave it and what the
 * fork reported it ran on), the {@code jdk_ratio} of an executor's score on a later JDK to its
 * score on the run's first, and the per-JDK check of {@code --jvm-args}.
 */
final class JdkSection {

    private JdkSection() {
    }

    /**
     * Completes {@code r}'s {@code jdk} section: the fork's own report when it got that far
     * ({@code reported_by: fork}), else what the parent knows of the JDK it started
     * ({@code reported_by: parent}); the label first either way.
     */
    @SuppressWarnings("unchecked")
    static void fill(ScenarioResult r, Jdk asked) {
        Jdk jdk = asked != null ? asked : Jdk.current();
        Map<String, Object> section = new LinkedHashMap<>();
        section.put("label", jdk.label());
        if (r.section("jdk") instanceof Map<?, ?> reported) {
            section.putAll((Map<String, Object>) reported);
        } else {
            section.put("home", jdk.home().toString());
            section.put("version", jdk.version());
            section.put("vendor", jdk.vendor());
            section.put("feature", jdk.feature());
            section.put("reported_by", "parent");
        }
        r.jdk(section);
    }

    /**
     * In a run on several JDKs: the first result of each executor × workload × load × options is
     * that scenario's JDK baseline; a later one on another JDK gets {@code jdk_ratio}, its score
     * over the baseline's with the 99.9% interval.
     */
    static void compareAcrossJdks(ScenarioResult r, Map<String, ScenarioResult> first) {
        String label = r.jdkLabel();
        String across = ScenarioResult.groupAcrossJdks(r.group(), label);
        if (label == null || across.equals(r.group())) {
            return; // one JDK in the run: nothing to compare across
        }
        String key = r.executor() + " | " + r.workload() + " | " + r.load() + " | " + across;
        ScenarioResult base = first.get(key);
        if (base == null) {
            if (r.termination().equals("normal")) {
                first.put(key, r);
            }
            return;
        }
        double[] a = base.iterationValues();
        double[] b = r.iterationValues();
        if (base.jdkLabel().equals(label) || a.length == 0 || b.length == 0 || !r.termination().equals("normal")) {
            return;
        }
        Map<String, Object> ratio = new LinkedHashMap<>();
        ratio.put("baseline", base.id());
        ratio.put("baseline_jdk", base.jdkLabel());
        ratio.putAll(Stats.ratio(a, b));
        r.section("jdk_ratio", ratio);
    }

    /** {@code --jvm-args} checked once per JDK of a run: the reason a JDK rejects them, or null. Not thread-safe. */
    static final class OptionChecks {
        private final Map<String, String> byJdk = new HashMap<>();

        String rejection(Scenario s) {
            List<String> options = s.settings().jvmArgs();
            if (s.jdk() == null || options.isEmpty()) {
                return null;
            }
            return byJdk.computeIfAbsent(s.jdk().home() + " " + String.join(" ", options),
                    k -> java.util.Objects.requireNonNullElse(JvmOptions.rejection(s.jdk(), options), ""))
                    .transform(v -> v.isEmpty() ? null : v);
        }
    }
}
