package org.fiberbench.cli.profile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fiberbench.report.ResultsCheck;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.spec.SpecException;

/**
 * Where a profile comes from: a collapsed-stacks file, or {@code RUN_DIR:SCENARIO} — a scenario
 * of a run directory by id ({@code 02-virtual-...}), id prefix ({@code 02}) or index ({@code 2}).
 *
 * @param file  the collapsed-stacks file
 * @param label what tables show: the scenario id, or the file name
 * @param run   the run directory, or null for a plain file
 * @param event the profiling event when the run recorded it, else {@code cpu}
 */
public record ProfileSources(Path file, String label, Path run, String event) {

    public static ProfileSources resolve(String text) {
        if (text.indexOf('\0') >= 0) { // Path.of would throw InvalidPathException, an internal error's look
            throw new SpecException("profile '" + text.replace('\0', '?') + "' holds a NUL character; accepted: a file or RUN_DIR:SCENARIO");
        }
        Path plain = Path.of(text);
        int colon = text.lastIndexOf(':');
        if (Files.isRegularFile(plain) || colon <= 0) {
            if (!Files.isRegularFile(plain)) {
                throw new SpecException("profile '" + text + "' is neither a collapsed-stacks file nor RUN_DIR:SCENARIO");
            }
            return new ProfileSources(plain, plain.getFileName().toString(), null, "cpu");
        }
        Path dir = Path.of(text.substring(0, colon));
        String scenario = text.substring(colon + 1);
        Path json = dir.resolve("results.json");
        if (!Files.isRegularFile(json)) {
            throw new SpecException("'" + dir + "' is not a run directory (no results.json)");
        }
        ResultsCheck.readable(json); // an unknown format version is refused before any key is trusted
        Map<String, Object> doc;
        try {
            doc = RunDirectory.read(json);
        } catch (IOException e) {
            throw new SpecException("cannot read " + json + ": " + e.getMessage());
        }
        return fromScenario(dir, scenario, doc);
    }

    @SuppressWarnings("unchecked")
    private static ProfileSources fromScenario(Path dir, String scenario, Map<String, Object> doc) {
        List<Map<String, Object>> scenarios = (List<Map<String, Object>>) doc.getOrDefault("scenarios", List.of());
        for (Map<String, Object> s : scenarios) {
            String id = String.valueOf(s.get("id"));
            if (id.equals(scenario) || id.startsWith(scenario + "-") || String.valueOf(s.get("index")).equals(scenario)) {
                Map<String, Object> files = (Map<String, Object>) s.getOrDefault("files", Map.of());
                Object collapsed = files.get("collapsed");
                if (collapsed == null) {
                    throw new SpecException("scenario " + id + " in " + dir
                            + " has no profile; run it with --profile cpu (or wall, alloc, lock)");
                }
                Map<String, Object> config = (Map<String, Object>) s.getOrDefault("config", Map.of());
                return new ProfileSources(dir.resolve((String) collapsed), id, dir,
                        String.valueOf(config.getOrDefault("profile", "cpu")));
            }
        }
        throw new SpecException("no scenario '" + scenario + "' in " + dir + "; accepted: "
                + String.join(", ", scenarios.stream().map(s -> String.valueOf(s.get("id"))).toList()));
    }
}
