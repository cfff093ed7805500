package org.fiberbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;
import java.util.function.Function;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fiberbench.report.Comparison.Row;
import org.fiberbench.report.Comparison.Verdict;
import org.fiberbench.stats.Ratio;

/**
 * Compares two runs: scenarios are matched by (executor, workload, load, JVM options), and by JDK
 * label when either run is on several JDKs ({@code run --jdk 21 --jdk 25}); two runs on one JDK
 * each are compared as wholes, so A on JDK 21 against B on JDK 25 is a JDK upgrade. Each pair
 * gets the ratio B / A of its scores with the 99.9% interval from the raw iterations, and a
 * verdict that respects the unit's direction (time per operation and latency: lower is better;
 * rates: higher is better). A scenario that appears twice in a run is matched in order. Load runs
 * pair by URL and load model whatever engine made them ({@link LoadPairing}).
 *
 * <p>What keeps B from being judged at all — a scenario of B that failed, is missing or cannot be
 * read, or a B with no scenarios — is listed as a problem: a regression gate must not pass a run
 * it could not measure.
 */
public final class Compare {
    private Compare() {
    }

    /**
     * Compares run B against run A (each a run directory, a results.json or a JMH result file).
     *
     * @throws InputException when either is missing or not a valid results.json
     */
    public static Comparison of(Path a, Path b) {
        JsonNode runA = Runs.load(a);
        JsonNode runB = Runs.load(b);
        Map<JsonNode, List<String>> unreadableA = unreadable(runA);
        Map<JsonNode, List<String>> unreadableB = unreadable(runB);
        boolean byJdk = jdkLabels(runA) > 1 || jdkLabels(runB) > 1;
        Function<JsonNode, String> key = s -> key(s) + (byJdk ? " | jdk " + s.path("jdk").path("label").asText("?") : "");
        List<String> problems = problemsOfB(runB, unreadableB, b, key);
        Map<String, Deque<JsonNode>> inB = new LinkedHashMap<>();
        runB.path("scenarios").forEach(s -> inB.computeIfAbsent(key.apply(s), k -> new ArrayDeque<>()).add(s));
        List<Row> rows = new ArrayList<>();
        List<String> onlyA = new ArrayList<>();
        for (JsonNode sa : runA.path("scenarios")) {
            Deque<JsonNode> candidates = inB.get(key.apply(sa));
            if (candidates == null || candidates.isEmpty()) {
                onlyA.add(key.apply(sa));
                problems.add("missing in B: " + key.apply(sa));
                continue;
            }
            JsonNode sb = candidates.poll();
            unreadableA.get(sa).forEach(p -> problems.add("unreadable in A: " + key.apply(sa) + ": " + p));
            rows.add(row(sa, sb, !unreadableA.get(sa).isEmpty(), !unreadableB.get(sb).isEmpty(),
                    byJdk ? sa.path("jdk").path("label").asText("?") : null));
        }
        List<String> onlyB = new ArrayList<>();
        inB.forEach((k, rest) -> rest.forEach(s -> onlyB.add(k)));
        return new Comparison(label(runA, a), label(runB, b), rows, onlyA, onlyB, problems);
    }

    /** Each scenario's unreadable metrics (usually none), by identity: two scenarios may be equal. */
    private static Map<JsonNode, List<String>> unreadable(JsonNode run) {
        Map<JsonNode, List<String>> out = new IdentityHashMap<>();
        JsonNode scenarios = run.path("scenarios");
        for (int i = 0; i < scenarios.size(); i++) {
            out.put(scenarios.get(i), ResultsCheck.metricProblems(scenarios.get(i), "scenarios[" + i + "]"));
        }
        return out;
    }

    /** B's own problems, in its order: no scenarios, scenarios that did not end normally or cannot be read. */
    private static List<String> problemsOfB(JsonNode runB, Map<JsonNode, List<String>> unreadable, Path b,
            Function<JsonNode, String> key) {
        List<String> out = new ArrayList<>();
        if (runB.path("scenarios").isEmpty()) {
            out.add("no scenarios in B: " + Runs.file(b));
        }
        for (JsonNode s : runB.path("scenarios")) {
            if (!normal(s)) {
                String failure = s.path("failure").asText("");
                out.add((s.path("termination").asText().equals("failure") ? "failed" : "interrupted") + " in B: " + key.apply(s)
                        + (failure.isBlank() ? "" : ": " + failure.replaceAll("\\s*\\R\\s*", " ").trim()));
            }
            unreadable.get(s).forEach(p -> out.add("unreadable in B: " + key.apply(s) + ": " + p));
        }
        return out;
    }

    private static boolean normal(JsonNode s) {
        return s.path("termination").asText().equals("normal");
    }

    static String key(JsonNode s) {
        List<String> args = new ArrayList<>();
        s.path("jvm_args").forEach(j -> args.add(j.asText()));
        return LoadPairing.executorKey(s) + " | " + s.path("workload").asText("?") + " | " + s.path("load").asText("?")
                + (args.isEmpty() ? "" : " | " + String.join(" ", args));
    }

    private static String label(JsonNode run, Path path) {
        return run.path("run_id").asText(path.getFileName().toString()) + " (" + path + ")";
    }

    /** How many JDK labels a run's scenarios carry: more than one when it ran with several {@code --jdk}. */
    static long jdkLabels(JsonNode run) {
        Set<String> labels = new HashSet<>();
        run.path("scenarios").forEach(s -> labels.add(s.path("jdk").path("label").asText("")));
        return labels.size();
    }

    private static Row row(JsonNode sa, JsonNode sb, boolean aUnreadable, boolean bUnreadable, String jdk) {
        Score a = aUnreadable ? Score.NONE : Score.of(sa);
        Score b = bUnreadable || !normal(sb) ? Score.NONE : Score.of(sb);
        List<String> args = new ArrayList<>();
        sa.path("jvm_args").forEach(j -> args.add(j.asText()));
        boolean comparable = a.present() && b.present() && a.unit().equals(b.unit()) && a.value() != 0;
        Ratio ratio = comparable ? b.ratioTo(a) : null;
        Verdict verdict = !normal(sb) ? Verdict.FAILED
                : aUnreadable || bUnreadable ? Verdict.UNREADABLE : verdict(ratio, a.lowerIsBetter());
        double change = ratio == null ? Double.NaN : (ratio.value() - 1) * 100;
        return new Row(LoadPairing.executorLabel(sa, sb), sa.path("workload").asText("?"), sa.path("load").asText("?"), args,
                a.present() ? a.unit() : b.unit(), a.lowerIsBetter(), a.value(), a.error(), b.value(), b.error(),
                ratio, verdict, change, jdk);
    }

    static Verdict verdict(Ratio r, boolean lowerIsBetter) {
        if (r == null || !r.hasInterval()) {
            return Verdict.NOT_COMPARABLE;
        }
        if (!r.significant()) {
            return Verdict.NO_SIGNIFICANT_DIFFERENCE;
        }
        boolean bBetter = lowerIsBetter ? r.value() < 1 : r.value() > 1;
        return bBetter ? Verdict.FASTER : Verdict.SLOWER;
    }
}
