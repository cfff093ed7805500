package org.fiberbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fiberbench.cli.CliCapture.Outcome;
import org.fiberbench.cli.report.ResultsSchema;
import org.fiberbench.result.RunDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code run --precision P% --max-time D} end to end with real JMH forks and loop forks: a loose target
 * stops by precision, an impossible one by the budget (within budget and slack), and the table and
 * results.json say which. Tiny scenarios keep each run to seconds.
 */
class PrecisionCliTest {
    static {
        System.setProperty("jmh.ignoreLock", "true"); // other JMH runs may share /tmp/jmh.lock; ours fork their own JVMs
    }

    private static final String[] BATCH = {"-e", "virtual", "-w", "sleep:ms=2", "-l", "batch:tasks=10",
        "--warmup", "0", "--iterations", "3", "--time", "200ms"};

    @TempDir
    Path tmp;

    /** Runs the CLI with stdout and stderr captured. */
    private static Outcome run(Path out, String[] base, String... more) {
        List<String> a = new ArrayList<>(List.of("run"));
        a.addAll(List.of(base));
        a.addAll(List.of(more));
        a.addAll(List.of("--out", out.toString()));
        return CliCapture.run(a);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> scenario(Path out) throws Exception {
        Map<String, Object> doc = RunDirectory.read(out.resolve("results.json"));
        return ((List<Map<String, Object>>) doc.get("scenarios")).get(0);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> precision(Map<String, Object> s) {
        return (Map<String, Object>) ((Map<String, Object>) s.get("config")).get("precision");
    }

    @Test
    void aLooseTargetStopsByPrecisionAndIsRecorded() throws Exception {
        Path out = tmp.resolve("loose");
        Outcome r = run(out, BATCH, "--precision", "90%", "--max-time", "60s");
        assertEquals(0, r.code(), r.err());
        Map<String, Object> p = precision(scenario(out));
        assertEquals("precision", p.get("stopped"), p.toString());
        assertEquals(90.0, ((Number) p.get("target_pct")).doubleValue());
        assertTrue(((Number) p.get("achieved_pct")).doubleValue() <= 90, p.toString());
        assertEquals(((List<?>) scenario(out).get("iterations")).size(), ((Number) p.get("iterations")).intValue());
        assertFalse(r.out().contains("target ("), "a reached target is not noted: " + r.out());
        assertEquals(List.of(), ResultsSchema.errors(out.resolve("results.json")));
    }

    @Test
    @SuppressWarnings("unchecked")
    void anImpossibleTargetOnABatchStopsByTheBudgetWithEveryForkPooled() throws Exception {
        Path out = tmp.resolve("batch-budget");
        long t0 = System.nanoTime();
        Outcome r = run(out, BATCH, "--precision", "0.001%", "--max-time", "14s");
        assertEquals(0, r.code(), r.err());
        Map<String, Object> s = scenario(out);
        Map<String, Object> p = precision(s);
        assertEquals("time budget", p.get("stopped"), p.toString());
        double took = ((Number) s.get("duration_s")).doubleValue();
        assertTrue(took < 14 + 10, "the scenario kept to its budget plus one fork's slack: " + took + " s");
        int forks = ((Number) ((Map<String, Object>) s.get("config")).get("forks")).intValue();
        int iterations = ((List<?>) s.get("iterations")).size();
        assertTrue(forks >= 2, "more forks were added: " + forks);
        assertEquals(3 * forks, iterations, "every fork's iterations pooled");
        assertEquals(iterations, ((Number) ((Map<String, Object>) s.get("metrics")).get("samples")).intValue());
        var jmh = (List<Map<String, Object>>) (List<?>) new com.fasterxml.jackson.databind.ObjectMapper()
                .readValue(out.resolve("results-jmh.json").toFile(), List.class);
        List<?> raw = (List<?>) ((Map<String, Object>) jmh.get(0).get("primaryMetric")).get("rawData");
        assertEquals(forks, raw.size(), "results-jmh.json holds one row of raw data per fork");
        assertTrue(r.out().contains("> 0.001% target (time budget"), r.out());
        assertTrue((System.nanoTime() - t0) / 1e9 < 60);
        assertEquals(List.of(), ResultsSchema.errors(out.resolve("results.json")));
    }

    @Test
    void aClosedLoopStopsByPrecisionOrByTheBudgetAndSaysWhich() throws Exception {
        String[] closed = {"-e", "virtual", "-w", "sleep:ms=5", "-l", "closed:users=4,duration=2s"};
        Path loose = tmp.resolve("closed-loose");
        Outcome l = run(loose, closed, "--precision", "90%", "--max-time", "30s");
        assertEquals(0, l.code(), l.err());
        Map<String, Object> p = precision(scenario(loose));
        assertEquals("precision", p.get("stopped"), p.toString());
        assertTrue(((Number) scenario(loose).get("duration_s")).doubleValue() < 20, "ended well before its budget");

        Path tight = tmp.resolve("closed-budget");
        Outcome r = run(tight, closed, "--precision", "0.001%", "--max-time", "8s");
        assertEquals(0, r.code(), r.err());
        Map<String, Object> s = scenario(tight);
        assertEquals("time budget", precision(s).get("stopped"));
        assertTrue(((List<?>) s.get("iterations")).size() >= 3, "the window stretched past the load's 2 s");
        assertTrue(((Number) s.get("duration_s")).doubleValue() < 8 + 3, "within budget and slack: " + s.get("duration_s"));
        assertTrue(r.out().contains("> 0.001% target (time budget"), r.out());
        assertEquals(List.of(), ResultsSchema.errors(tight.resolve("results.json")));
    }

    @Test
    void aSaturatedOpenLoopSaysItHasNoSteadyLevelInsteadOfBlamingTheBudget() throws Exception {
        // one thread serving 20 ms tasks (50/s) asked for 200/s: the backlog and its latency climb every second
        String[] over = {"-e", "platform:fixed=1", "-w", "sleep:ms=20", "-l", "open:rate=200,duration=3s,warmup=0s"};
        Path out = tmp.resolve("open-saturated");
        Outcome r = run(out, over, "--precision", "10%", "--max-time", "6s");
        assertEquals(0, r.code(), r.err());
        assertEquals("saturated", precision(scenario(out)).get("stopped"));
        assertTrue(r.out().contains("no steady level (saturated)"), r.out());
        assertFalse(r.out().contains("target (time budget"), r.out());
        assertEquals(List.of(), ResultsSchema.errors(out.resolve("results.json")));
    }

    @Test
    void iterationsWithoutPrecisionMeasureExactlyThatManyAndRecordNoPrecision() throws Exception {
        Path out = tmp.resolve("fixed");
        Outcome r = run(out, BATCH);
        assertEquals(0, r.code(), r.err());
        assertEquals(3, ((List<?>) scenario(out).get("iterations")).size());
        assertEquals(null, precision(scenario(out)));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--precision|0%|'0%'", "--precision|abc|'abc'", "--precision|150%|'150%'", "--max-time|-1s|-1s",
        "--max-time|0s|0s"})
    void badTargetsAndBudgetsAreOneLineAndExitTwo(String option, String value, String named) {
        Path out = tmp.resolve("bad");
        List<String> more = new ArrayList<>(List.of(option, value));
        if (option.equals("--max-time")) {
            more.addAll(List.of("--precision", "5%"));
        }
        Outcome r = run(out, BATCH, more.toArray(String[]::new));
        String text = r.err();
        assertEquals(2, r.code(), text);
        assertEquals(1, text.lines().count(), "one line: " + text);
        assertTrue(text.contains(option) && text.contains(named) && text.contains("accepted")
                || text.contains(option) && text.contains(named) && text.contains("negative"), text);
        assertFalse(Files.exists(out), "nothing written");
    }
}
