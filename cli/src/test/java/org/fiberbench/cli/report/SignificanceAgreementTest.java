package org.fiberbench.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fiberbench.cli.Main;
import org.fiberbench.measure.Stats;
import org.fiberbench.report.Compare;
import org.fiberbench.report.Comparison;
import org.fiberbench.report.PageModel;
import org.fiberbench.report.ReportWriter;
import org.fiberbench.result.ResultTable;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.result.ScenarioResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The console table, the report and {@code compare} say the same "significant" for the same
 * scenarios: they share one statistics. Once the console used the delta method and the report
 * Fieller's interval with Welch's test, and near the edge of significance they disagreed.
 */
class SignificanceAgreementTest {
    private static final String WORKLOAD = "cpu:iterations=1000";
    private static final String LOAD = "batch:tasks=10";
    /** The console's ratio cell: "2.00 *" when significant, "0.50 (n.s.)" when not. */
    private static final Pattern RATIO_CELL = Pattern.compile("  (\\d+\\.\\d\\d) (\\*|\\(n\\.s\\.\\))");

    @TempDir
    Path tmp;

    @AfterEach
    void forgetRunDirectories() {
        RunDirectory.forgetCreated();
    }

    /**
     * A baseline of 10 ± 2.2 ms/op, one executor at 20 ms/op and one at 5 ms/op with almost no spread.
     * Welch's test: both differences are 10 and 5 standard errors against t(0.9995, 4.0) = 8.6, so
     * 2.00 is significant and 0.50 is not. The delta method weighs the baseline's spread by the
     * ratio and said the opposite for both rows.
     */
    @Test
    void consoleReportAndCompareAgreeWhereTheMethodsOnceDiffered() throws Exception {
        Map<String, double[]> its = new LinkedHashMap<>();
        its.put("platform:fixed=1", new double[] {7, 9, 10, 11, 13});
        its.put("virtual", new double[] {19.9, 20, 20.1, 20, 20});
        its.put("platform:cached", new double[] {4.9, 5, 5.1, 5, 5});
        List<ScenarioResult> scenarios = writeRun(tmp.resolve("run"), its);

        Map<String, Boolean> console = console(ResultTable.render(scenarios));
        assertEquals(Map.of("virtual", true, "platform:cached", false), console);
        assertEquals(console, report(tmp.resolve("run")));
        assertEquals(console, compare(its));
    }

    /** A small real run through the CLI: the table it prints and the report it writes agree row by row. */
    @Test
    void realRunPrintsWhatItsReportSays() throws Exception {
        Path out = tmp.resolve("real");
        String stdout = captureStdout(() -> Main.execute("run", "-e", "platform:fixed=1", "-e", "virtual", "-e", "forkjoin:parallelism=1",
                "-w", WORKLOAD, "-l", LOAD, "--warmup", "0", "--iterations", "3", "--time", "100ms", "--out", out.toString()));
        Map<String, Boolean> console = console(stdout);
        assertEquals(2, console.size(), stdout);
        assertEquals(console, report(out));
    }

    /** Each non-baseline row's executor and whether the console marks its ratio significant. */
    private static Map<String, Boolean> console(String table) {
        Map<String, Boolean> out = new LinkedHashMap<>();
        for (String line : table.split("\\R")) {
            Matcher m = RATIO_CELL.matcher(line);
            if (m.find()) {
                out.put(line.trim().split("\\s+")[0], m.group(2).equals("*"));
            }
        }
        return out;
    }

    /** The same, from the summary of the report written for the run directory. */
    private static Map<String, Boolean> report(Path run) throws Exception {
        JsonNode model = PageModel.of(ReportWriter.write(run));
        Map<String, Boolean> out = new LinkedHashMap<>();
        for (JsonNode row : model.path("summary")) {
            if (row.path("ratio").path("value").isNumber()) {
                assertTrue(row.path("ratio").path("ci_low").asDouble() >= 0, row.toString());
                out.put(row.path("executor").asText(), row.path("ratio").path("significant").asBoolean());
            }
        }
        return out;
    }

    /** The same pairs through {@code compare}: run A has the baseline's iterations under each executor, run B their own. */
    private Map<String, Boolean> compare(Map<String, double[]> its) {
        Map<String, Boolean> out = new LinkedHashMap<>();
        compareOf(its).rows().forEach(r -> out.put(r.executor(), r.ratio().significant()));
        return out;
    }

    private Comparison compareOf(Map<String, double[]> its) {
        double[] baseline = its.values().iterator().next();
        Map<String, double[]> a = new LinkedHashMap<>();
        Map<String, double[]> b = new LinkedHashMap<>();
        its.entrySet().stream().skip(1).forEach(e -> {
            a.put(e.getKey(), baseline);
            b.put(e.getKey(), e.getValue());
        });
        writeRun(tmp.resolve("a"), a);
        writeRun(tmp.resolve("b"), b);
        return Compare.of(tmp.resolve("a"), tmp.resolve("b"));
    }

    /**
     * A run directory written by the run's own writer: one group, the first executor its baseline,
     * the others with the ratio the engine gives them.
     */
    private static List<ScenarioResult> writeRun(Path dir, Map<String, double[]> iterations) {
        RunDirectory run = RunDirectory.create(dir, "crafted", "quick", "test");
        ScenarioResult base = null;
        for (Map.Entry<String, double[]> e : iterations.entrySet()) {
            double[] v = e.getValue();
            ScenarioResult s = new ScenarioResult(run.nextScenarioId(e.getKey()), e.getKey(), WORKLOAD, LOAD)
                    .group(WORKLOAD + " " + LOAD).termination("normal").iterations(v)
                    .metric("score", java.util.Arrays.stream(v).average().orElseThrow()).metric("score_error", Stats.halfWidth(v))
                    .metric("score_unit", "ms/op");
            if (base == null) {
                base = s;
            } else {
                s.baseline(base.id()).ratio(Stats.ratio(base.iterationValues(), v));
            }
            run.add(s);
        }
        run.finish();
        return run.scenarios();
    }

    private static String captureStdout(Runnable r) {
        return org.fiberbench.cli.CliCapture.stdout(r);
    }

    /** A baseline whose mean is not distinguishable from 0 bounds the ratio from below only. */
    @Test
    void unboundedIntervalIsNullInResultsAndWordsInCompare() throws Exception {
        Map<String, double[]> its = new LinkedHashMap<>();
        its.put("platform:fixed=1", new double[] {0.01, 0.5, 3.0});
        its.put("virtual", new double[] {99, 100, 101});
        writeRun(tmp.resolve("run"), its);
        JsonNode ratio = PageModel.of(ReportWriter.write(tmp.resolve("run"))).path("summary").get(1).path("ratio");
        assertTrue(ratio.path("ci_high").isNull(), ratio.toString());
        assertTrue(ratio.path("ci_low").asDouble() >= 0, ratio.toString());
        String recorded = Files.readString(tmp.resolve("run").resolve("results.json"));
        assertTrue(recorded.contains("\"ci_high\" : null"), recorded);
        assertFalse(recorded.contains("Infinity") || recorded.contains("NaN"), recorded);
        String text = compareOf(its).toText();
        assertTrue(Pattern.compile("  85\\.\\d{3} \\[\\d+\\.\\d{3}, unbounded]  ").matcher(text).find(), text);
    }
}
