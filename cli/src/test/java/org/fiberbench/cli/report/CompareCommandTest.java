package org.fiberbench.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two crafted runs: "virtual" gets twice as fast (10 → 5 ms/op), "platform:fixed=4" twice as slow
 * (10 → 20 ms/op, a 100% regression), "forkjoin" loses 20% of its throughput (100 → 80 ops/s) and
 * "platform:cached" does not change significantly.
 */
class CompareCommandTest {
    @TempDir
    Path tmp;
    Path a;
    Path b;

    private static String scenario(String executor, String unit, double... its) {
        double mean = java.util.Arrays.stream(its).average().orElseThrow();
        return String.format(java.util.Locale.ROOT, "{\"id\":\"x\",\"executor\":\"%s\",\"workload\":\"cpu:iterations=1000\",\"load\":\"batch:tasks=100\",\"termination\":\"normal\","
                + "\"jvm_args\":[],\"metrics\":{\"score\":%s,\"score_unit\":\"%s\"},\"iterations\":%s}", executor, mean, unit, java.util.Arrays.toString(its));
    }

    private Path write(String name, String... scenarios) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(name));
        Files.writeString(dir.resolve("results.json"), "{\"format_version\":1,\"run_id\":\"" + name + "\",\"scenarios\":[" + String.join(",", scenarios) + "]}");
        return dir;
    }

    @BeforeEach
    void craftRuns() throws Exception {
        a = write("a", scenario("virtual", "ms/op", 9.9, 10, 10.1), scenario("platform:fixed=4", "ms/op", 9.9, 10, 10.1),
                scenario("forkjoin:parallelism=2", "ops/s", 99, 100, 101), scenario("platform:cached", "ms/op", 9, 10, 11));
        b = write("b", scenario("virtual", "ms/op", 4.9, 5, 5.1), scenario("platform:fixed=4", "ms/op", 19.9, 20, 20.1),
                scenario("forkjoin:parallelism=2", "ops/s", 79, 80, 81), scenario("platform:cached", "ms/op", 9.5, 10.2, 10.9));
    }

    private static String line(CliRun r, String executor) {
        return r.out().lines().filter(l -> l.startsWith(executor + " ")).findFirst().orElseThrow();
    }

    @Test
    void printsOneVerdictPerMatchedScenario() {
        CliRun r = CliRun.of("compare", a.toString(), b.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(line(r, "virtual").endsWith("faster"), r.out());
        assertTrue(line(r, "platform:fixed=4").endsWith("slower"), r.out());
        assertTrue(line(r, "forkjoin:parallelism=2").endsWith("slower"), r.out());
        assertTrue(line(r, "platform:cached").endsWith("no significant difference"), r.out());
    }

    @Test
    void regressionBeyondThresholdExitsOne() {
        CliRun r = CliRun.of("compare", a.toString(), b.toString(), "--fail-on-regression", "50");
        assertEquals(1, r.status());
        assertTrue(r.err().contains("regression: platform:fixed=4 | cpu:iterations=1000 | batch:tasks=100 is 100.0% worse"), r.err());
        assertTrue(!r.err().contains("forkjoin"), "a 20% drop is within 50%");
    }

    @Test
    void throughputDropCountsAsRegression() {
        CliRun r = CliRun.of("compare", b.toString(), a.toString(), "--fail-on-regression", "10%");
        assertEquals(1, r.status(), "virtual is 100% slower from b to a");
        assertTrue(r.err().contains("virtual"), r.err());
    }

    @Test
    void regressionsWithinThresholdExitZero() {
        assertEquals(0, CliRun.of("compare", a.toString(), b.toString(), "--fail-on-regression", "150").status());
    }

    @Test
    void unknownThresholdExitsTwoNamingIt() {
        CliRun r = CliRun.of("compare", a.toString(), b.toString(), "--fail-on-regression", "lots");
        assertEquals(2, r.status());
        assertTrue(r.err().startsWith("fiberbench: regression threshold 'lots' must be a non-negative percentage"), r.err());
    }

    @Test
    void missingRunExitsTwo() {
        CliRun r = CliRun.of("compare", a.toString(), tmp.resolve("gone").toString());
        assertEquals(2, r.status());
        assertTrue(r.err().contains("run directory not found: " + tmp.resolve("gone")), r.err());
    }

    @Test
    void htmlOptionWritesThePage() throws Exception {
        Path html = tmp.resolve("cmp.html");
        CliRun r = CliRun.of("compare", a.toString(), b.toString(), "--html", html.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(Files.readString(html).contains("\"verdict\":\"faster\""));
    }
}
