package org.fiberbench.cli.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.fiberbench.cli.Main;
import org.fiberbench.engine.Defaults;
import org.fiberbench.engine.Settings;
import org.fiberbench.result.RunDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** calibrate's bad input, and one real tiny round of one pair: both sides forked and measured for real. */
class CalibrateCommandTest {
    @TempDir
    Path tmp;

    private static String run(int expected, String... args) {
        StringWriter err = new StringWriter();
        int code = Main.execute(err, args);
        assertEquals(expected, code, err.toString());
        return err.toString().strip();
    }

    @Test
    void anUnknownWorkloadIsOneLineNamingItAndTheAcceptedNames() {
        String err = run(2, "calibrate", "--workload", "cpu-cached");
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.contains("'cpu-cached'") && err.contains("accepted: all, cpu, cpu-default, cpu-fixed"), err);
        assertTrue(err.contains("jdbc, jdbc-point-direct, jdbc-point-offload, jdbc-scan-direct, jdbc-scan-offload, http, http-name,"),
                err);
    }

    @Test
    void aListOfNamesSelectsEachPairOnceInTheTablesOrder() {
        assertEquals(List.of("cpu-fixed", "jdbc-point-direct", "jdbc-point-offload", "http-name"),
                Pairs.select("http-name,jdbc-point,cpu-fixed,jdbc-point-direct").stream().map(Pair::name).toList());
        String err = run(2, "calibrate", "--workload", "jdbc,cpu-cached");
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.contains("'cpu-cached' (in 'jdbc,cpu-cached')") && err.contains("a comma-separated list"), err);
        err = run(2, "calibrate", "--workload", "cpu,");
        assertTrue(err.contains("'' (in 'cpu,')"), err);
    }

    @Test
    void helpListsTheOptions() {
        org.fiberbench.cli.CliCapture.Outcome o = org.fiberbench.cli.CliCapture.run("calibrate", "--help");
        assertEquals(0, o.code(), o.err());
        assertTrue(o.out().contains("--workload") && o.out().contains("--rounds") && o.out().contains("--db")
                && o.out().contains("--interleaved"), o.out());
    }

    @Test
    void aDatabaseThatCannotBeUsedIsOneLineBeforeAnyRunDirectory() {
        Path out = tmp.resolve("never");
        String err = run(2, "calibrate", "--workload", "jdbc-point-direct", "--db", "jdbc:oracle:thin:@127.0.0.1:1521:x",
                "--out", out.toString());
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.contains("jdbc:oracle:thin:@127.0.0.1:1521:x") && err.contains("accepted: jdbc:mariadb://"), err);
        err = run(2, "calibrate", "--workload", "jdbc", "--db", "jdbc:postgresql://127.0.0.1:1/test", "--db-user", "nobody",
                "--db-password", "s3cret-not-shown", "--out", out.toString());
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.contains("cannot connect") && !err.contains("s3cret-not-shown"), err);
        assertTrue(Files.notExists(out), "nothing written");
    }

    @Test
    void roundsOutOfRangeIsBadInput() {
        String err = run(2, "calibrate", "--rounds", "0");
        assertTrue(err.contains("--rounds 0") && err.contains("1..1000"), err);
    }

    @Test
    void aTimeBudgetWithoutInterleavingIsBadInput() {
        String err = run(2, "calibrate", "--workload", "cpu-fixed", "--max-time", "10m");
        assertTrue(err.contains("--max-time 10m needs --interleaved") && err.trim().lines().count() == 1, err);
        err = run(2, "calibrate", "--interleaved", "--max-time", "0s");
        assertTrue(err.contains("0s"), err);
    }

    @Test
    void measuredPairsOutOfRangeOrWithoutInterleavingAreBadInput() {
        String err = run(2, "calibrate", "--workload", "cpu-fixed", "--pairs", "40");
        assertTrue(err.contains("--pairs 40 needs --interleaved") && err.trim().lines().count() == 1, err);
        err = run(2, "calibrate", "--interleaved", "--workload", "cpu-fixed", "--pairs", "1");
        assertTrue(err.contains("--pairs 1 is out of range; accepted: 2.." + InterleavedFork.MAX_PAIRS)
                && err.trim().lines().count() == 1, err);
        err = run(2, "calibrate", "--interleaved", "--workload", "cpu-fixed", "--pairs", "1001");
        assertTrue(err.contains("--pairs 1001 is out of range"), err);
        err = run(2, "calibrate", "--interleaved", "--workload", "cpu-fixed", "--pairs", "many");
        assertTrue(err.contains("--pairs many is not a count; accepted: 2.." + InterleavedFork.MAX_PAIRS + " or auto")
                && err.trim().lines().count() == 1, err);
    }

    @Test
    void autoPairsWithoutABudgetOrWithTooShortAPilotIsBadInput() {
        String err = run(2, "calibrate", "--interleaved", "--workload", "cpu-fixed", "--pairs", "auto");
        assertTrue(err.contains("--pairs auto needs --max-time") && err.trim().lines().count() == 1, err);
        err = run(2, "calibrate", "--interleaved", "--workload", "cpu-fixed", "--pairs", "auto", "--max-time", "10m", "--rounds", "2");
        assertTrue(err.contains("--rounds 2 is too few to split; accepted: --rounds 3..") && err.trim().lines().count() == 1, err);
        err = run(2, "calibrate", "--workload", "cpu-fixed", "--pairs", "auto", "--max-time", "10m");
        assertTrue(err.contains("needs --interleaved"), err);
    }

    /**
     * --pairs auto from the CLI: a pilot of three real rounds at the scale's count; a budget of one
     * second leaves no room for rounds of another count, so the pair keeps its pilot as its rounds,
     * and results.json says auto and validates.
     */
    @Test
    void autoPairsRunsItsPilotAtTheScalesCount() throws Exception {
        Path out = tmp.resolve("auto");
        org.fiberbench.cli.CliCapture.Outcome o = org.fiberbench.cli.CliCapture.run("calibrate", "--workload", "sleep-default",
                "--interleaved", "--rounds", "3", "--pairs", "auto", "--max-time", "1s", "--out", out.toString());
        assertEquals(0, o.code(), o.err());
        Map<?, ?> cal = (Map<?, ?>) new ObjectMapper().readValue(out.resolve("results.json").toFile(), Map.class).get("calibration");
        assertEquals("auto", cal.get("pairs_per_round"));
        Map<?, ?> entry = (Map<?, ?>) ((List<?>) cal.get("pairs")).get(0);
        assertEquals(3, entry.get("rounds"));
        assertEquals(3 * InterleavedFork.QUICK_PAIRS, ((List<?>) ((Map<?, ?>) entry.get("reference")).get("iterations")).size());
        assertTrue(!entry.containsKey("pilot"), "no restart: " + entry.keySet());
        assertEquals(List.of(), org.fiberbench.cli.report.ResultsSchema.errors(out.resolve("results.json")));
    }

    @Test
    void jvmArgsAJvmWillNotStartWithAreOneLineBeforeAnyRunDirectory() {
        Path out = tmp.resolve("bad-jvm-args");
        String err = run(2, "calibrate", "--workload", "cpu-fixed", "--interleaved", "--jvm-args", "-XX:+NoSuchFiberbenchOption",
                "--out", out.toString());
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.contains("-XX:+NoSuchFiberbenchOption"), err);
        assertTrue(!Files.exists(out), "no run directory for bad input");
    }

    /**
     * --jvm-args reach the interleaved fork (it logs its own class loading where they say) after the
     * pair's own options, and results.json records them in the run's command and the pair's, a
     * {@code password=} value masked.
     */
    @Test
    void jvmArgsReachTheInterleavedForkAndAreRecorded() throws Exception {
        Path out = tmp.resolve("jvm-args");
        Path log = tmp.resolve("classes.log");
        String opts = "-Xlog:class+load=info:file=" + log + " -XX:-TieredCompilation";
        Map<?, ?> cal = interleavedRound("sleep-default", out, "--jvm-args", opts, "--jvm-args", "-Dfiberbench.test.password=s3cret-value");
        assertTrue(!Files.readString(out.resolve("results.json")).contains("s3cret-value"), "no secret in results.json");
        opts += " -Dfiberbench.test.password=***";
        assertTrue(Files.readString(log).contains(org.fiberbench.engine.jmh.InterleavedBatches.MAIN), "the fork ran with the options");
        Map<?, ?> entry = (Map<?, ?>) ((List<?>) cal.get("pairs")).get(0);
        String pairCommand = (String) ((Map<?, ?>) entry.get("fiberbench")).get("command");
        assertTrue(pairCommand.startsWith("calibrate --interleaved --workload sleep-default --quick --jvm-args \"" + opts + "\""), pairCommand);
        Map<?, ?> results = new ObjectMapper().readValue(out.resolve("results.json").toFile(), Map.class);
        assertTrue(((String) results.get("command")).endsWith("--jvm-args \"" + opts + "\""), results.get("command").toString());
        List<String> cmd = InterleavedFork.command(Pairs.select("threads-virtual").get(0).withJvmArgs(List.of("-Xmx2g")), List.of(), 1, 2);
        int own = cmd.indexOf(Pairs.select("threads-virtual").get(0).jvmArgs().get(0));
        assertTrue(own > 0 && own < cmd.indexOf("-Xmx2g") && cmd.indexOf("-Xmx2g") < cmd.indexOf(org.fiberbench.engine.jmh.InterleavedBatches.MAIN),
                "the pair's own options first, calibrate's after them: " + cmd);
    }

    @Test
    void quickAndFullTogetherIsBadInput() {
        run(2, "calibrate", "--quick", "--full");
    }

    @Test
    void oneTinyRoundMeasuresBothSidesAndWritesTheSection() throws Exception {
        Settings tiny = new Settings(1, 1, Duration.ofMillis(200), 2, Duration.ofMillis(300), "avgt", 1,
                Defaults.SETTINGS.timeout(), List.of());
        Pair p = new Pair("sleep-fixed", Pair.PACKAGE + "ReferenceSchedulerBenchmark.longRunning",
                Map.of("scheduler", "fixed", "threadCount", "2", "taskCount", "20", "iterations", "1000", "sleepMs", "20"),
                "virtual:scheduler=fixed,carriers=2", "sleep:ms=20", "batch:tasks=20", 1, List.of(), false);
        RunDirectory dir = RunDirectory.create(tmp.resolve("run"), "calibrate", "quick", "calibrate (test)");
        List<Outcome> out = new Calibration(new JmhSides(dir, pair -> tiny), line -> { })
                .run(List.of(p), 1, o -> dir.put("calibration", CalibrationTable.section(o, 1, Scale.QUICK)));
        Outcome o = out.get(0);
        assertEquals(List.of(), o.failures);
        assertEquals(2, o.reference.size());
        assertEquals(2, o.fiberbench.size());
        // 20 tasks sleeping 20 ms on 2 carriers: one batch takes a little more than 20 ms on either side
        for (double v : Outcome.values(o.reference)) {
            assertTrue(v >= 20 && v < 500, "reference " + v);
        }
        for (double v : Outcome.values(o.fiberbench)) {
            assertTrue(v >= 20 && v < 500, "fiberbench " + v);
        }
        Map<?, ?> json = new ObjectMapper().readValue(tmp.resolve("run/results.json").toFile(), Map.class);
        Map<?, ?> cal = (Map<?, ?>) json.get("calibration");
        Map<?, ?> entry = (Map<?, ?>) ((List<?>) cal.get("pairs")).get(0);
        assertEquals("sleep-fixed", entry.get("name"));
        assertEquals(o.ratio().value(), ((Number) entry.get("ratio")).doubleValue(), 1e-12);
        String jmh = (String) ((Map<?, ?>) entry.get("reference")).get("command");
        assertTrue(jmh.startsWith("jmh 'org.fiberbench.engine.jmh.ReferenceSchedulerBenchmark.longRunning$' -p "), jmh);
        String ours = (String) ((Map<?, ?>) entry.get("fiberbench")).get("command");
        assertTrue(ours.startsWith("run -e virtual:scheduler=fixed,carriers=2 -w sleep:ms="), ours);
        assertEquals(1, ((List<?>) json.get("scenarios")).size(), "the fiberbench side is a scenario of the run");
        assertEquals(List.of(), org.fiberbench.cli.report.ResultsSchema.errors(tmp.resolve("run/results.json")));
    }
    /** Each side's task is compiled on its own in the interleaved fork; the real forks below show the JVM takes the options. */
    @Test
    void theInterleavedForkKeepsEachSidesTaskOutOfTheSharedCompiledFrame() {
        List<String> cmd = InterleavedFork.command(Pairs.select("cpu-default").get(0), List.of("-Dx=y"), 1, 2);
        int main = cmd.indexOf(org.fiberbench.engine.jmh.InterleavedBatches.MAIN);
        for (String a : org.fiberbench.engine.jmh.InterleavedBatches.JVM_ARGS) {
            assertTrue(cmd.indexOf(a) > 0 && cmd.indexOf(a) < main, a + " in " + cmd);
        }
        assertTrue(String.join(" ", cmd).contains("ThreadTaskExecutor::runTask") && String.join(" ", cmd).contains("Reference*::lambda$*"));
        assertEquals(List.of("org.fiberbench.engine.jmh.ReferenceSchedulerBenchmark.heavyCpu", "virtual", "cpu:iterations=100000", "1000",
                "1", "1", "2"), cmd.subList(main + 1, main + 8));
        assertTrue(cmd.indexOf("-Dx=y") < main && cmd.subList(main + 8, cmd.size()).contains("scheduler=default"), cmd.toString());
    }

    /**
     * The fork keeps the seeds' loops out of line by name; the JVM ignores a name that matches
     * nothing, so a renamed loop would silently be inlined again. Each must name a method that exists.
     */
    @Test
    void everyLoopTheForkKeepsOutOfLineExists() throws Exception {
        List<String> loops = org.fiberbench.engine.jmh.InterleavedBatches.LOOPS;
        assertEquals(4, loops.size());
        for (String loop : loops) {
            String[] parts = loop.split("::");
            Class<?> c = Class.forName(parts[0]);
            boolean prefix = parts[1].endsWith("*");
            String name = prefix ? parts[1].substring(0, parts[1].length() - 1) : parts[1];
            assertTrue(java.util.Arrays.stream(c.getDeclaredMethods())
                    .anyMatch(m -> prefix ? m.getName().startsWith(name) : m.getName().equals(name)), loop + " names no method");
            assertTrue(org.fiberbench.engine.jmh.InterleavedBatches.JVM_ARGS.contains("-XX:CompileCommand=dontinline," + loop), loop);
        }
    }

    /** One interleaved round of {@code pair} from the CLI, which must succeed and print it; results.json's calibration section. */
    private static Map<?, ?> interleavedRound(String pair, Path out, String... more) throws Exception {
        List<String> args = new java.util.ArrayList<>(List.of("calibrate", "--workload", pair, "--interleaved", "--rounds", "1",
                "--out", out.toString()));
        args.addAll(List.of(more));
        org.fiberbench.cli.CliCapture.Outcome o = org.fiberbench.cli.CliCapture.run(args.toArray(String[]::new));
        assertEquals(0, o.code(), o.err());
        assertTrue(o.out().contains(pair) && o.err().contains("(interleaved)"), o.out() + o.err());
        if (args.contains("--max-time")) {
            assertTrue(o.out().contains("still unresolved after 1 round, when --max-time was spent"), o.out());
        }
        Map<?, ?> cal = (Map<?, ?>) new ObjectMapper().readValue(out.resolve("results.json").toFile(), Map.class).get("calibration");
        // one round is one fork: whatever its pairs' interval, no verdict, and the table says why
        for (Object entry : (List<?>) cal.get("pairs")) {
            assertEquals("unresolved", ((Map<?, ?>) entry).get("within_limit"), String.valueOf(entry));
        }
        assertTrue(o.out().contains("one round: its interval is over one fork's pairs"), o.out());
        return cal;
    }

    /**
     * One real interleaved round of a database pair: the fork reads the embedded database through
     * the secret channel, both sides query it pair by pair, and each side's batches are real queries
     * (1000 of them take more than a millisecond), none failed. {@code --pairs 4} measures four pairs
     * instead of the scale's ten, and results.json and the command that repeats the round say so.
     */
    @Test
    void anInterleavedDatabaseRoundQueriesTheSharedDatabaseOnBothSides() throws Exception {
        Path out = tmp.resolve("interleaved-db");
        Map<?, ?> cal = interleavedRound("jdbc-point-offload", out, "--pairs", "4");
        assertEquals(4, cal.get("pairs_per_round"));
        Map<?, ?> entry = (Map<?, ?>) ((List<?>) cal.get("pairs")).get(0);
        assertEquals(List.of(), entry.get("failures"));
        assertEquals(Boolean.TRUE, entry.get("interleaved"));
        for (String side : new String[] {"reference", "fiberbench"}) {
            List<?> v = (List<?>) ((Map<?, ?>) entry.get(side)).get("iterations");
            assertEquals(4, v.size(), side);
            assertTrue(v.stream().allMatch(x -> ((Number) x).doubleValue() > 1), side + ": " + v);
        }
        String command = (String) ((Map<?, ?>) entry.get("reference")).get("command");
        assertTrue(command.contains("ReferenceDatabaseBenchmark.batch") && command.contains(" --pairs 4 "), command);
        assertEquals(List.of(), org.fiberbench.cli.report.ResultsSchema.errors(out.resolve("results.json")));
        // the fork shares clients: both sides query through one pool and one offload executor
        String log = Files.readString(out.resolve("scenarios").resolve("interleaved-jdbc-point-offload-1.log"));
        assertTrue(log.contains("both sides on one HikariCP pool of 16 connections (2 users), one offload executor of "
                + 2 * Runtime.getRuntime().availableProcessors() + " threads (2 users)"), log);
    }

    /**
     * One real interleaved round of sleep-default from the CLI: a fork runs both batches 20 times
     * (10 unmeasured), results.json holds the 10 pairs side by side and validates against the schema,
     * and the ratio is taken pair by pair. Sleeping batches of 100 ms are the same work on both sides.
     * With a budget of one second, shorter than a round, no second round starts, and the pair says why.
     */
    @Test
    void anInterleavedRoundMeasuresBothSidesInOneForkPairByPair() throws Exception {
        Path out = tmp.resolve("interleaved");
        Map<?, ?> cal = interleavedRound("sleep-default", out, "--max-time", "1s");
        assertEquals(1.0, ((Number) cal.get("max_time_s")).doubleValue());
        assertTrue(!cal.containsKey("pairs_per_round"), "no --pairs, the scale's count: " + cal);
        assertTrue(((String) cal.get("ratio")).startsWith("fiberbench / reference per pair of batches run side by side in one fork"), cal.toString());
        Map<?, ?> entry = (Map<?, ?>) ((List<?>) cal.get("pairs")).get(0);
        assertEquals(Boolean.TRUE, entry.get("interleaved"));
        assertEquals(List.of(), entry.get("failures"));
        List<?> ref = (List<?>) ((Map<?, ?>) entry.get("reference")).get("iterations");
        List<?> fb = (List<?>) ((Map<?, ?>) entry.get("fiberbench")).get("iterations");
        assertEquals(InterleavedFork.QUICK_PAIRS, ref.size());
        assertEquals(InterleavedFork.QUICK_PAIRS, fb.size());
        double sum = 0;
        for (int i = 0; i < ref.size(); i++) {
            double r = ((Number) ref.get(i)).doubleValue();
            double f = ((Number) fb.get(i)).doubleValue();
            assertTrue(r >= 100 && r < 1000 && f >= 100 && f < 1000, "pair " + i + ": " + r + " / " + f);
            sum += Math.log(f / r);
        }
        double geometric = Math.exp(sum / ref.size());
        assertEquals(geometric, ((Number) entry.get("ratio")).doubleValue(), 1e-9, "the geometric mean of the per-pair ratios");
        assertEquals(1, ((List<?>) entry.get("round_ratios")).size());
        assertEquals("max_time", entry.get("stopped"));
        assertEquals(geometric, ((Number) ((List<?>) entry.get("round_ratios")).get(0)).doubleValue(), 1e-9, "one round: its geometric mean");
        assertTrue(((String) ((Map<?, ?>) entry.get("reference")).get("command")).startsWith("calibrate --interleaved --workload sleep-default"));
        assertTrue(Files.exists(out.resolve("scenarios/interleaved-sleep-default-1.log")), "the fork's log is kept");
        assertEquals(List.of(), org.fiberbench.cli.report.ResultsSchema.errors(out.resolve("results.json")));
    }

    /**
     * Three real interleaved rounds of two pairs each: results.json keeps each round's wall time (its
     * fork's start and warm-up included, so more than its measured pairs) and the split of the
     * rounds' spread, and the table says it under the pair while the pair is unresolved.
     */
    @Test
    void threeRoundsSplitTheirSpreadAndSuggestAPairCount() throws Exception {
        Path out = tmp.resolve("split");
        org.fiberbench.cli.CliCapture.Outcome o = org.fiberbench.cli.CliCapture.run("calibrate", "--workload", "sleep-default",
                "--interleaved", "--rounds", "3", "--pairs", "2", "--out", out.toString());
        assertEquals(0, o.code(), o.err());
        Map<?, ?> cal = (Map<?, ?>) new ObjectMapper().readValue(out.resolve("results.json").toFile(), Map.class).get("calibration");
        Map<?, ?> entry = (Map<?, ?>) ((List<?>) cal.get("pairs")).get(0);
        List<?> seconds = (List<?>) entry.get("round_seconds");
        assertEquals(3, seconds.size());
        List<?> ref = (List<?>) ((Map<?, ?>) entry.get("reference")).get("iterations");
        List<?> fb = (List<?>) ((Map<?, ?>) entry.get("fiberbench")).get("iterations");
        for (int r = 0; r < 3; r++) {
            double measured = 0;
            for (int i = 2 * r; i < 2 * r + 2; i++) {
                measured += (((Number) ref.get(i)).doubleValue() + ((Number) fb.get(i)).doubleValue()) / 1000;
            }
            // 20 warm-up pairs of two 100 ms batches come before the two measured ones
            assertTrue(((Number) seconds.get(r)).doubleValue() > measured + 4, "round " + r + ": " + seconds + ", measured " + measured);
        }
        Map<?, ?> split = (Map<?, ?>) entry.get("variance_split");
        assertEquals(3, split.get("rounds"));
        assertTrue(((Number) split.get("fixed_s")).doubleValue() > 4, split.toString());
        double perPair = ((Number) split.get("per_pair_s")).doubleValue();
        assertTrue(perPair > 0.2 && perPair < 1.0, "two sleeping batches of 100 ms, not a round: " + split);
        int suggested = ((Number) split.get("suggested_pairs")).intValue();
        assertTrue(suggested >= 2 && suggested <= InterleavedFork.MAX_PAIRS, split.toString());
        if ("unresolved".equals(entry.get("within_limit"))) {
            // a command to copy, or, with a ratio so near the limit that no run of 1000 rounds would decide it, that said
            assertTrue(o.out().contains("spread over 3 rounds: ") && (o.out().contains("--pairs " + suggested)
                    || o.out().contains(", past the " + CalibrateCommand.MAX_ROUNDS + " rounds of one run")), o.out());
        }
        assertEquals(List.of(), org.fiberbench.cli.report.ResultsSchema.errors(out.resolve("results.json")));
    }
}
