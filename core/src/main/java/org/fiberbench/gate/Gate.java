package org.fiberbench.gate;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fiberbench.result.ScenarioResult;
import org.fiberbench.spec.IoReasons;
import org.fiberbench.spec.SpecException;

/**
 * A run's thresholds: parsed and checked against the plan before anything runs ({@link #check}),
 * judged on the results after it ({@link #evaluate}). Immutable.
 */
public final class Gate {
    /** No threshold: every run passes its gate. */
    public static final Gate NONE = new Gate(List.of());

    private final List<Threshold> thresholds;

    private Gate(List<Threshold> thresholds) {
        this.thresholds = List.copyOf(thresholds);
    }

    /**
     * The thresholds of {@code expressions} and of {@code file} (one per line; blank lines and
     * {@code #} comments skipped), in that order; {@code file} may be null.
     */
    public static Gate parse(List<String> expressions, Path file) {
        List<Threshold> out = new ArrayList<>();
        expressions.forEach(e -> out.add(Threshold.parse(e)));
        if (file != null) {
            for (String line : lines(file)) {
                int hash = line.indexOf('#');
                String t = (hash < 0 ? line : line.substring(0, hash)).strip();
                if (!t.isEmpty()) {
                    out.add(Threshold.parse(t));
                }
            }
        }
        return new Gate(out);
    }

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new SpecException("--thresholds " + file + ": no such file; accepted: a file with one threshold per line");
        } catch (IOException e) {
            throw new SpecException("--thresholds " + file + " cannot be read: " + IoReasons.of(e));
        }
    }

    public List<Threshold> thresholds() {
        return thresholds;
    }

    public boolean isEmpty() {
        return thresholds.isEmpty();
    }

    /**
     * Refuses, before anything runs, a threshold that covers no planned scenario or names a metric
     * one of the scenarios it covers cannot have (a p99 on a batch, a score on a loop).
     */
    public void check(List<Target> targets) {
        for (Threshold t : thresholds) {
            List<Target> covered = targets.stream().filter(x -> t.covers(x.executor(), x.workload(), x.load())).toList();
            if (covered.isEmpty()) {
                throw new SpecException("threshold '" + t.expr() + "': its scope " + t.scope().text()
                        + " matches no scenario of this run; accepted: one of " + scopes(targets, t.scope().key()));
            }
            for (Target x : covered) {
                if (!t.metric().shapes().contains(x.shape())) {
                    throw new SpecException("threshold '" + t.expr() + "': scenario " + x.label() + " has no " + t.metricName()
                            + "; " + t.metricName() + " applies to " + t.metric().accepted() + " (scope it, e.g. 'load=...: "
                            + t.expr() + "')");
                }
                checkScoreUnit(t, x);
            }
            if (t.metric() == Metric.RATIO && covered.stream().allMatch(Target::baseline)) {
                throw new SpecException("threshold '" + t.expr() + "': no scenario it covers has a baseline (the first "
                        + "executor of each group is the baseline); ratio applies to " + Metric.RATIO.accepted());
            }
        }
    }

    private static void checkScoreUnit(Threshold t, Target x) {
        if (t.metric() != Metric.SCORE) {
            return;
        }
        boolean perOp = t.unit().family == Unit.Family.PER_OP;
        if (perOp != (x.shape() == Target.Shape.BATCH_TIME)) {
            throw new SpecException("threshold '" + t.expr() + "': scenario " + x.label() + " scores in "
                    + (perOp ? "ops/s (--mode thrpt); accepted units: /s, ops/s" : "ms/op (--mode avgt); accepted units: ns/op, us/op, µs/op, ms/op, s/op"));
        }
    }

    private static String scopes(List<Target> targets, String key) {
        List<String> values = targets.stream().map(x -> switch (key) {
            case "executor" -> x.executor();
            case "workload" -> x.workload();
            default -> x.load();
        }).distinct().toList();
        return key + "=" + String.join(", ", values);
    }

    /** Every threshold on every result it covers, in threshold order; a ratio skips each group's baseline. */
    public List<Verdict> evaluate(List<ScenarioResult> results) {
        Map<String, ScenarioResult> byId = new HashMap<>();
        Map<String, String> firstOfGroup = new LinkedHashMap<>();
        for (ScenarioResult r : results) {
            byId.put(r.id(), r);
            firstOfGroup.putIfAbsent(r.group(), r.id());
        }
        List<Verdict> out = new ArrayList<>();
        for (Threshold t : thresholds) {
            for (ScenarioResult r : results) {
                if (!t.covers(r.executor(), r.workload(), r.load())) {
                    continue;
                }
                if (t.metric() == Metric.RATIO && r.section("baseline") == null && r.id().equals(firstOfGroup.get(r.group()))) {
                    continue;
                }
                out.add(Measure.judge(t, r, byId));
            }
        }
        return out;
    }

    /** Whether any verdict failed. */
    public static boolean anyFailed(List<Verdict> verdicts) {
        return verdicts.stream().anyMatch(v -> !v.pass());
    }
}
