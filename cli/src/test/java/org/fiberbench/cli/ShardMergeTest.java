package org.fiberbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fiberbench.cli.CliCapture.Outcome;
import org.fiberbench.result.RunDirectory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code run --shard K/N} and {@code merge}: the shards of a small matrix, run for real at tiny
 * scale, merge into the unsharded plan's scenario list, in its order and with its ids; a missing or
 * duplicated shard, shards of another plan and bad shard specs are refused in one line, exit 2.
 */
class ShardMergeTest {
    static {
        System.setProperty("jmh.ignoreLock", "true");
    }

    private static final List<String> PLAN = SharedRuns.SHARD_PLAN;
    @TempDir
    static Path tmp;
    private static Path half1;
    private static Path half2;

    private static Outcome cli(List<String> args) {
        return CliCapture.run(args);
    }

    private static List<String> plus(List<String> base, String... more) {
        List<String> all = new ArrayList<>(base);
        all.addAll(Arrays.asList(more));
        return all;
    }

    private static Path shard(String k) {
        Path out = tmp.resolve("shard-" + k.replace('/', '-'));
        Outcome r = cli(plus(PLAN, "--shard", k, "--out", out.toString()));
        assertEquals(0, r.code(), r.err());
        return out;
    }

    /** The halves every merge below reads: made once per test JVM, ResultsSchemaTest validates them too. */
    @BeforeAll
    static void runTheHalves() {
        SharedRuns.Made halves = SharedRuns.shardHalves();
        assertEquals(0, halves.code(), halves.outcome().err());
        half1 = halves.dirs().get(0);
        half2 = halves.dirs().get(1);
    }

    /** The dry run's scenario lines, "[n/N] label", of the whole plan or of a shard. */
    private static List<String> dryRun(String... more) {
        Outcome r = cli(plus(PLAN, plus(List.of(more), "--dry-run").toArray(String[]::new)));
        assertEquals(0, r.code(), r.err());
        return r.out().lines().filter(l -> l.startsWith("[")).toList();
    }

    @Test
    void theShardsOfAPlanAreDisjointAndTogetherAreThePlan() {
        List<String> whole = dryRun();
        assertEquals(4, whole.size());
        List<String> a = dryRun("--shard", "1/2");
        List<String> b = dryRun("--shard", "2/2");
        assertEquals(2, a.size(), "the deal is balanced: " + a);
        assertEquals(2, b.size(), "the deal is balanced: " + b);
        Set<String> union = new HashSet<>(a);
        union.addAll(b);
        assertEquals(new HashSet<>(whole), union, "each shard line is the whole plan's line, number included");
        assertEquals(dryRun("--shard", "1/2"), a, "the same shard every time");
    }

    @Test
    @SuppressWarnings("unchecked")
    void mergingBothHalvesGivesTheUnshardedPlansScenariosInItsOrder() throws Exception {
        Path merged = tmp.resolve("merged");
        Outcome r = cli(List.of("merge", half1.toString(), half2.toString(), "--out", merged.toString()));
        assertEquals(0, r.code(), r.err());
        Map<String, Object> doc = RunDirectory.read(merged.resolve("results.json"));
        List<Map<String, Object>> scenarios = (List<Map<String, Object>>) doc.get("scenarios");
        List<String> labels = scenarios.stream().map(s -> s.get("executor") + " × " + s.get("workload") + " × " + s.get("load")).toList();
        List<String> planned = dryRun().stream().map(l -> l.replaceFirst("^\\[\\d+/\\d+\\] ", "")).toList();
        assertEquals(planned, labels, "the unsharded plan's scenarios, in its order");
        for (int i = 0; i < scenarios.size(); i++) {
            assertTrue(((String) scenarios.get(i).get("id")).startsWith(String.format("%02d-", i + 1)), scenarios.get(i).get("id").toString());
        }
        // each group's first executor is its baseline, wherever it ran; the other gets a ratio to it
        assertEquals(scenarios.get(0).get("id"), scenarios.get(1).get("baseline"));
        assertEquals(scenarios.get(2).get("id"), scenarios.get(3).get("baseline"));
        assertTrue(scenarios.get(1).get("ratio") instanceof Map<?, ?>, scenarios.get(1).toString());
        List<Map<String, Object>> jmh = new com.fasterxml.jackson.databind.ObjectMapper()
                .readValue(merged.resolve(RunDirectory.JMH_RESULTS).toFile(), List.class);
        assertEquals(planned, jmh.stream().map(row -> (Map<String, Object>) row.get("params"))
                .map(p -> p.get("executor") + " × " + p.get("workload") + " × " + p.get("load")).toList(),
                "results-jmh.json holds every shard's rows, in plan order");
        Map<String, Object> section = (Map<String, Object>) doc.get("merged");
        assertEquals("shards", section.get("kind"));
        assertEquals(2, ((List<?>) section.get("parts")).size());
        assertTrue(Files.isRegularFile(merged.resolve("report.html")));
    }

    @Test
    void aDuplicatedShardIsRefusedInOneLine() throws Exception {
        Path copy = tmp.resolve("copy-of-1");
        copyRun(half1, copy);
        Outcome r = cli(List.of("merge", half1.toString(), copy.toString(), half2.toString(), "--out", tmp.resolve("dup").toString()));
        assertRefused(r, "shard 1/2 is given twice");
        assertFalse(Files.exists(tmp.resolve("dup")));
    }

    @Test
    void aMissingShardAndShardsOfAnotherPlanAreRefusedInOneLine() {
        Path q1 = shard("1/4");
        Path q3 = shard("3/4");
        assertRefused(cli(List.of("merge", q1.toString(), q3.toString(), "--out", tmp.resolve("missing").toString())),
                "shard 2/4 is missing");
        assertRefused(cli(List.of("merge", half1.toString(), q1.toString(), "--out", tmp.resolve("mixed").toString())),
                "cannot merge shards of different plans");
        assertFalse(Files.exists(tmp.resolve("missing")));
    }

    @Test
    void shardsOfDifferentSuitesAreRefusedInOneLine() {
        Path suites = tmp.resolve("suites-1-2");
        Outcome r = cli(List.of("run", "process-pool", "db-smoke", "--shard", "1/2", "--warmup", "0", "--iterations", "1",
                "--time", "200ms", "--out", suites.toString()));
        assertEquals(0, r.code(), r.err());
        assertRefused(cli(List.of("merge", half1.toString(), suites.toString(), "--out", tmp.resolve("suites").toString())),
                "cannot merge runs of different suites");
        assertFalse(Files.exists(tmp.resolve("suites")));
    }

    @Test
    void aShardOfAnUnknownFormatVersionIsRefusedInOneLine() throws Exception {
        Path future = tmp.resolve("future");
        copyRun(half2, future);
        Path json = future.resolve("results.json");
        Files.writeString(json, Files.readString(json).replaceFirst("\"format_version\" : 1", "\"format_version\" : 2"));
        assertRefused(cli(List.of("merge", half1.toString(), future.toString(), "--out", tmp.resolve("v2").toString())),
                "format_version is 2");
    }

    @ParameterizedTest
    @ValueSource(strings = {"0/2", "3/2", "a/b", "1/0", "2", "1/5"})
    void badShardSpecsExitTwoInOneLine(String spec) {
        Outcome r = cli(plus(PLAN, "--shard", spec, "--dry-run"));
        assertRefused(r, "--shard");
        assertTrue(r.err().contains(spec.contains("/") && !spec.equals("a/b") ? spec.split("/")[0] : spec), r.err());
    }

    private static void assertRefused(Outcome r, String expected) {
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains(expected), r.err());
    }

    private static void copyRun(Path from, Path to) throws Exception {
        try (var files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target);
                }
            }
        }
    }
}
