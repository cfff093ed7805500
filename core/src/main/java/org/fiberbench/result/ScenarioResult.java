package org.fiberbench.result;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One scenario's outcome, built fluently and serialised as one element of {@code scenarios[]}.
 * Not thread-safe: one thread builds it, then hands it to {@link RunDirectory#add}.
 */
public final class ScenarioResult {
    private final Map<String, Object> root = new LinkedHashMap<>();
    private final Map<String, Object> config = new LinkedHashMap<>();
    private final Map<String, Object> metrics = new LinkedHashMap<>();
    private final Map<String, Object> files = new LinkedHashMap<>();
    /** The scenario's rows of results-jmh.json (JMH's own result format), apart from results.json. */
    private List<Object> jmhRows = List.of();
    private static final String JDK_GROUP_PREFIX = "jdk ";

    public ScenarioResult(String id, String executor, String workload, String load) {
        root.put("id", id);
        root.put("index", 0);
        root.put("group", workload + " × " + load);
        root.put("baseline", null);
        root.put("executor", executor);
        root.put("workload", workload);
        root.put("load", load);
        root.put("jvm_args", List.of());
        root.put("jdk", null);
        root.put("config", config);
        root.put("termination", "normal");
        root.put("failure", null);
        root.put("duration_s", 0.0);
        root.put("metrics", metrics);
        root.put("iterations", List.of());
        root.put("ratio", null);
        root.put("files", files);
    }

    /**
     * A scenario read back from a results.json (a shard that {@code merge} joins): every key as it was,
     * its config, metrics and files kept editable.
     */
    @SuppressWarnings("unchecked")
    public static ScenarioResult of(Map<String, Object> stored) {
        ScenarioResult r = new ScenarioResult(String.valueOf(stored.get("id")), String.valueOf(stored.get("executor")),
                String.valueOf(stored.get("workload")), String.valueOf(stored.get("load")));
        stored.forEach((k, v) -> {
            switch (k) {
                case "config" -> r.config.putAll((Map<String, Object>) v);
                case "metrics" -> r.metrics.putAll((Map<String, Object>) v);
                case "files" -> r.files.putAll((Map<String, Object>) v);
                // JSON gives whole numbers back as integers; the iterations are doubles to every reader
                case "iterations" -> r.root.put(k, ((List<Object>) v).stream().map(n -> ((Number) n).doubleValue()).toList());
                default -> r.root.put(k, v);
            }
        });
        return r;
    }

    /** The files this scenario names, as paths relative to its run directory. */
    public Map<String, Object> files() {
        return files;
    }

    public String id() {
        return (String) root.get("id");
    }

    public String group() {
        return (String) root.get("group");
    }

    public String executor() {
        return (String) root.get("executor");
    }

    public String workload() {
        return (String) root.get("workload");
    }

    public String load() {
        return (String) root.get("load");
    }

    /** The label of the JDK the scenario ran on ({@code 25}, {@code 25#2}), or null when not recorded. */
    public String jdkLabel() {
        return root.get("jdk") instanceof Map<?, ?> m && m.get("label") != null ? m.get("label").toString() : null;
    }

    /**
     * Sets the {@code jdk} section: {@code label} (how the run names it) and {@code home},
     * {@code version}, {@code vendor}, {@code feature}, as {@code reported} holds them.
     */
    public ScenarioResult jdk(Map<String, Object> section) {
        root.put("jdk", section == null ? null : new LinkedHashMap<>(section));
        return this;
    }

    /** The group of a scenario on JDK {@code label} in a run on several JDKs: each JDK's scenarios apart. */
    public static String jdkGroup(String label, String group) {
        return JDK_GROUP_PREFIX + label + " · " + group;
    }

    /** {@code group} without the JDK that {@link #jdkGroup} put in front: the same workload × load on every JDK. */
    public static String groupAcrossJdks(String group, String label) {
        String prefix = label == null ? null : JDK_GROUP_PREFIX + label + " · ";
        return prefix != null && group.startsWith(prefix) ? group.substring(prefix.length()) : group;
    }

    public String termination() {
        return (String) root.get("termination");
    }

    public String failureReason() {
        return (String) root.get("failure");
    }

    public ScenarioResult index(int index) {
        root.put("index", index);
        return this;
    }

    public ScenarioResult group(String group) {
        root.put("group", group);
        return this;
    }

    public ScenarioResult baseline(String baselineId) {
        root.put("baseline", baselineId);
        return this;
    }

    public ScenarioResult jvmArgs(List<String> args) {
        root.put("jvm_args", List.copyOf(args));
        return this;
    }

    /** One config value (a number, text or section as results.json holds it); null when absent. */
    public Object configValue(String key) {
        return config.get(key);
    }

    public ScenarioResult config(String key, Object value) {
        config.put(key, value);
        return this;
    }

    public ScenarioResult metric(String key, Object value) {
        metrics.put(key, value);
        return this;
    }

    public Object metricValue(String key) {
        return metrics.get(key);
    }

    public Map<String, Object> metrics() {
        return metrics;
    }

    public ScenarioResult iterations(double[] values) {
        List<Double> l = new ArrayList<>(values.length);
        for (double v : values) {
            l.add(v);
        }
        root.put("iterations", l);
        return this;
    }

    @SuppressWarnings("unchecked")
    public double[] iterationValues() {
        List<Double> l = (List<Double>) root.get("iterations");
        return l.stream().mapToDouble(Double::doubleValue).toArray();
    }

    public ScenarioResult ratio(Map<String, Object> ratio) {
        root.put("ratio", ratio);
        return this;
    }

    public ScenarioResult section(String name, Object value) {
        root.put(name, value);
        return this;
    }

    public Object section(String name) {
        return root.get(name);
    }

    public ScenarioResult file(String kind, String relativePath) {
        files.put(kind, relativePath);
        return this;
    }

    public ScenarioResult termination(String termination) {
        if (!termination.equals("normal") && !termination.equals("failure") && !termination.equals("interrupted")) {
            throw new IllegalArgumentException("termination must be normal, failure or interrupted: " + termination);
        }
        root.put("termination", termination);
        return this;
    }

    public ScenarioResult failure(String reason) {
        root.put("termination", "failure");
        root.put("failure", reason);
        return this;
    }

    public ScenarioResult durationSeconds(double s) {
        root.put("duration_s", s);
        return this;
    }

    /** Sets this scenario's rows of {@code results-jmh.json}: JSON trees in JMH's result format (batch scenarios only). */
    public ScenarioResult jmhRows(List<?> rows) {
        jmhRows = List.copyOf(rows);
        return this;
    }

    public List<Object> jmhRows() {
        return jmhRows;
    }

    Map<String, Object> toMap() {
        return root;
    }
}
