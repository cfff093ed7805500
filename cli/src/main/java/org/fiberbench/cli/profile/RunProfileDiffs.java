package org.fiberbench.cli.profile;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.fiberbench.report.profile.ProfileDiff;
import org.fiberbench.result.RunDirectory;

/**
 * Run-level {@code profile_diffs}: at the end of a profiled run, each scenario against its
 * group's baseline; and single diffs saved by {@code profile diff --save}.
 */
public final class RunProfileDiffs {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private RunProfileDiffs() {
    }

    /** Diffs every profiled scenario against its group's baseline; null when there is no such pair. */
    @SuppressWarnings("unchecked")
    public static List<Map<String, Object>> baselineDiffs(Path runDir, Map<String, Object> doc) throws IOException {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Map<String, Object> s : (List<Map<String, Object>>) doc.getOrDefault("scenarios", List.of())) {
            Object base = s.get("baseline");
            if (base == null || collapsed(s) == null) {
                continue;
            }
            for (Map<String, Object> b : (List<Map<String, Object>>) doc.get("scenarios")) {
                if (base.equals(b.get("id")) && collapsed(b) != null) {
                    out.add(ProfileDiff.of(runDir.resolve(collapsed(b)), runDir.resolve(collapsed(s)),
                            (String) b.get("id"), (String) s.get("id"), event(s), ProfileDiff.DEFAULT_TOP,
                            ProfileDiff.DEFAULT_MIN_PCT).toMap());
                }
            }
        }
        return out.isEmpty() ? null : out;
    }

    /** At the end of a run: puts the baseline diffs into results.json, if any; a failure only warns. */
    public static void addTo(RunDirectory run) {
        try {
            List<Map<String, Object>> diffs = baselineDiffs(run.dir(), RunDirectory.read(run.dir().resolve("results.json")));
            if (diffs != null) {
                run.put("profile_diffs", diffs);
            }
        } catch (IOException | RuntimeException e) {
            run.warn("profile diffs not computed: " + e.getMessage());
        }
    }

    @SuppressWarnings("unchecked")
    private static String collapsed(Map<String, Object> scenario) {
        Map<String, Object> files = (Map<String, Object>) scenario.getOrDefault("files", Map.of());
        return (String) files.get("collapsed");
    }

    @SuppressWarnings("unchecked")
    private static String event(Map<String, Object> scenario) {
        return String.valueOf(((Map<String, Object>) scenario.getOrDefault("config", Map.of())).getOrDefault("profile", "cpu"));
    }

    /** Adds (or replaces, for the same A, B and event) one diff in a finished run's results.json. */
    @SuppressWarnings("unchecked")
    static void save(Path runDir, Map<String, Object> diff) throws IOException {
        Path json = runDir.resolve("results.json");
        Map<String, Object> doc = RunDirectory.read(json);
        List<Map<String, Object>> diffs = new ArrayList<>();
        if (doc.get("profile_diffs") instanceof List<?> old) {
            diffs.addAll((List<Map<String, Object>>) old);
        }
        diffs.removeIf(d -> Objects.equals(d.get("a"), diff.get("a")) && Objects.equals(d.get("b"), diff.get("b"))
                && Objects.equals(d.get("event"), diff.get("event")));
        diffs.add(diff);
        doc.put("profile_diffs", diffs);
        RunDirectory.writeAtomically(json, JSON.writeValueAsBytes(doc));
    }
}
