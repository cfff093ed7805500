package org.fiberbench.cli.user;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.fiberbench.cli.CliCapture;
import org.fiberbench.cli.CliCapture.Outcome;
import org.fiberbench.result.RunDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code class:} workloads end to end: real JMH and loop forks, real worker JVMs, tiny scenarios. */
class ClassWorkloadRunTest {
    private static final String PKG = "org.fiberbench.cli.user.TestWorkloads$";
    private static final String[] TINY = {"--warmup", "0", "--iterations", "1", "--time", "200ms", "--gc", "false"};

    @TempDir
    Path tmp;

    private static Outcome run(Path out, String... args) {
        List<String> a = new ArrayList<>(List.of("run"));
        a.addAll(Arrays.asList(args));
        a.addAll(List.of("--out", out.toString()));
        return CliCapture.run(a);
    }

    private static int runTiny(Path out, String... args) {
        List<String> a = new ArrayList<>(Arrays.asList(args));
        a.addAll(Arrays.asList(TINY));
        return run(out, a.toArray(String[]::new)).code();
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> scenarios(Path out) throws Exception {
        return (List<Map<String, Object>>) RunDirectory.read(out.resolve("results.json")).get("scenarios");
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> metrics(Map<String, Object> scenario) {
        return (Map<String, Object>) scenario.get("metrics");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "class:name=com.acme.Missing | com.acme.Missing is not found in fiberbench's class path",
        "class:name=java.lang.String | java.lang.String does not implement org.fiberbench.api.Workload",
        "class:name=" + PKG + "NotAWorkload | NotAWorkload does not implement org.fiberbench.api.Workload",
        "class:name=" + PKG + "NeedsArgument | NeedsArgument has no public no-argument constructor",
        "class:name=" + PKG + "RecordParameters,size=ten | parameter size=ten is not an integer; accepted: an integer",
        "class:name=" + PKG + "RecordParameters | parameter size is missing; accepted: size=<an integer>",
        "class:jar=x.jar | workload 'class' needs name=FQCN",
        "class:name=" + PKG + "SumOfRoots,jar=/nonexistent/x.jar | key 'jar': /nonexistent/x.jar does not exist",
    })
    void badClassIsOneLineExit2BeforeAnyFork(String workload, String expected) {
        Path out = tmp.resolve("bad");
        Outcome r = run(out, "-e", "virtual", "-w", workload);
        String msg = r.err().trim();
        assertEquals(2, r.code(), msg);
        assertTrue(msg.contains(expected), msg);
        assertEquals(1, msg.lines().count(), "one line: " + msg);
        assertFalse(msg.contains("\tat "), "no stack trace");
        assertFalse(Files.exists(out), "nothing written, no fork started");
    }

    @Test
    void setUpExceptionFailsItsScenarioWithItsMessageAndTheRunGoesOn() throws Exception {
        Path out = tmp.resolve("setup");
        int code = runTiny(out, "-e", "virtual", "-w", "class:name=" + PKG + "FailingSetUp,db=db.example",
                "-w", "cpu:iterations=1000", "-l", "batch:tasks=10", "-l", "open:rate=20,duration=1s");
        assertEquals(1, code, "a failed scenario: exit 1 at the end");
        List<Map<String, Object>> s = scenarios(out);
        assertEquals(4, s.size(), "every scenario ran");
        for (Map<String, Object> sc : s) {
            boolean mine = ((String) sc.get("workload")).startsWith("class:");
            assertEquals(mine ? "failure" : "normal", sc.get("termination"), sc.toString());
            if (mine) {
                assertTrue(String.valueOf(sc.get("failure")).contains("no database at db.example"), sc.get("load") + ": "
                        + sc.get("failure"));
            }
        }
    }

    @Test
    void parametersReachTheWorkloadInTheForkAndEveryWorkerWithThePasswordMasked() throws Exception {
        Path out = tmp.resolve("params");
        Path seen = tmp.resolve("seen.txt");
        int code = runTiny(out, "-e", "process:workers=2", "-w", "class:name=" + PKG + "RecordParameters,size=7,out=" + seen
                + ",password=s3cret", "-l", "batch:tasks=10");
        assertEquals(0, code);
        List<String> lines = Files.readAllLines(seen, StandardCharsets.UTF_8);
        assertEquals(3, lines.stream().map(l -> l.split(" ")[0]).distinct().count(), "the fork and its 2 workers: " + lines);
        for (String l : lines) {
            assertTrue(l.endsWith("{size=7, out=" + seen + ", password=s3cret}"), l);
        }
        String workload = (String) scenarios(out).get(0).get("workload");
        assertEquals("class:name=" + PKG + "RecordParameters,size=7,out=" + seen + ",password=***", workload);
        assertFalse(Files.readString(out.resolve("results.json")).contains("s3cret"), "no secret in results");
    }

    @Test
    @SuppressWarnings("unchecked")
    void validateAndTearDownFailuresAreWarningsNotFailures() throws Exception {
        Path out = tmp.resolve("end");
        int code = runTiny(out, "-e", "platform:fixed=4", "-w", "class:name=" + PKG + "FailingEnd",
                "-l", "batch:tasks=10", "-l", "closed:users=2,duration=1s");
        assertEquals(0, code);
        for (Map<String, Object> s : scenarios(out)) {
            assertEquals("normal", s.get("termination"));
            String note = String.valueOf(metrics(s).get("warning"));
            assertTrue(note.contains("validate of " + PKG + "FailingEnd threw java.lang.IllegalStateException: 3 rows missing"),
                    note);
            assertTrue(note.contains("tearDown of " + PKG + "FailingEnd threw"), note);
        }
        List<String> runWarnings = (List<String>) RunDirectory.read(out.resolve("results.json")).get("warnings");
        assertTrue(runWarnings.stream().anyMatch(w -> w.contains("3 rows missing")), runWarnings.toString());
    }

    @Test
    void theResultIsConsumedSoTheScoreGrowsWithTheWork() throws Exception {
        Path out = tmp.resolve("consumed");
        int code = run(out, "-e", "virtual:scheduler=forkjoin,carriers=1",
                "-w", "class:name=" + PKG + "SumOfRoots,n=100000", "-w", "class:name=" + PKG + "SumOfRoots,n=1000000",
                "-l", "batch:tasks=50", "--warmup", "1", "--warmup-time", "500ms", "--iterations", "3", "--time", "500ms").code();
        assertEquals(0, code);
        List<Map<String, Object>> s = scenarios(out);
        double small = ((Number) metrics(s.get(0)).get("score")).doubleValue();
        double large = ((Number) metrics(s.get(1)).get("score")).doubleValue();
        // 10× the work; a busy machine blurs wall-clock ratios, so the bar is 3×: work optimised away gives about 1×
        assertTrue(large / small >= 3, "10× the square roots took " + large / small + "× as long (" + small + " vs " + large
                + " ms/op): the work was not optimised away");
    }

    @Test
    void theApiModuleDependsOnNothingButTheJdk() throws Exception {
        String pom = Files.readString(Path.of("..", "api", "pom.xml"), StandardCharsets.UTF_8);
        assertFalse(pom.contains("<dependency>"), "fiberbench-api declares no dependency");
        assertFalse(pom.contains("<parent>"), "nor a parent that would bring some (or be missing from a user's repository)");
        assertTrue(pom.contains("<artifactId>fiberbench-api</artifactId>"), pom);
    }
}
