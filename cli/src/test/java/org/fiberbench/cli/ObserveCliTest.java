package org.fiberbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fiberbench.measure.ProfilerLibrary;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.result.ScenarioResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ObserveCliTest {
    private static final List<String> FORKJOIN = List.of(
            "java/lang/Thread.run;java/util/concurrent/ForkJoinWorkerThread.run;java/util/concurrent/ForkJoinPool.awaitWork 10",
            "java/lang/Thread.run;Demo.query 90");
    private static final List<String> FIXED = List.of(
            "java/lang/Thread.run;java/util/concurrent/ThreadPoolExecutor.getTask 5",
            "java/lang/Thread.run;Demo.query 95");

    @org.junit.jupiter.api.BeforeAll
    static void shareTheMachine() {
        // other JMH runs on this machine may hold /tmp/jmh.lock; every scenario forks its own JVM anyway
        System.setProperty("jmh.ignoreLock", "true");
    }

    @TempDir
    Path out;

    private static String stdout(Runnable r) {
        return CliCapture.stdout(r);
    }

    @Test
    void rejectsUnknownProfileEventBeforeWritingAnything() {
        Path dir = out.resolve("run");
        assertEquals(2, Main.execute("run", "-e", "virtual", "-w", "noop", "-l", "batch:tasks=1", "--profile", "cycles",
                "--out", dir.toString()));
        assertFalse(Files.exists(dir.resolve("results.json")));
    }

    @Test
    void rejectsAZeroSampleInterval() {
        assertEquals(2, Main.execute("run", "-e", "virtual", "-w", "noop", "-l", "batch:tasks=1", "--sample-interval", "0ms",
                "--out", out.resolve("run").toString()));
    }

    @Test
    void profileDiffOfTwoFilesPrintsSharesAndOneSidedFrames() throws Exception {
        Path a = Files.write(out.resolve("fj.collapsed"), FORKJOIN);
        Path b = Files.write(out.resolve("fixed.collapsed"), FIXED);
        int[] status = new int[1];
        String text = stdout(() -> status[0] = Main.execute("profile", "diff", a.toString(), b.toString()));
        assertEquals(0, status[0]);
        assertTrue(text.contains("only in A:") && text.contains("java.util.concurrent.ForkJoinPool.awaitWork"), text);
        assertTrue(text.lines().anyMatch(l -> l.contains("Demo.query") && l.contains("90.0%") && l.contains("+5.0")), text);
    }

    @Test
    @SuppressWarnings("unchecked")
    void profileDiffFindsRunScenariosAndSavesTheDiffInTheRun() throws Exception {
        RunDirectory run = RunDirectory.create(out.resolve("run"), "test", "adhoc", "test");
        for (String[] s : new String[][] {{"01-fj", "virtual:scheduler=forkjoin,carriers=2"}, {"02-fixed", "virtual:scheduler=fixed,carriers=2"}}) {
            Files.write(run.scenarioFile(s[0], ".collapsed"), s[0].equals("01-fj") ? FORKJOIN : FIXED);
            run.add(new ScenarioResult(s[0], s[1], "noop", "batch:tasks=1").file("collapsed", "scenarios/" + s[0] + ".collapsed"));
        }
        String dir = run.dir().toString();
        int[] status = new int[1];
        String json = stdout(() -> status[0] = Main.execute("profile", "diff", dir + ":01", dir + ":2", "--json", "--save"));
        assertEquals(0, status[0]);
        assertTrue(json.contains("\"only_b\""), json);
        List<Map<String, Object>> diffs = (List<Map<String, Object>>) RunDirectory.read(run.dir().resolve("results.json"))
                .get("profile_diffs");
        assertEquals(List.of("01-fj", "02-fixed"), List.of(diffs.get(0).get("a"), diffs.get(0).get("b")));
        assertEquals(List.of("java.util.concurrent.ThreadPoolExecutor.getTask"), diffs.get(0).get("only_b"));
    }

    @Test
    void profileDiffOfAScenarioWithoutProfileExits2() {
        RunDirectory run = RunDirectory.create(out.resolve("run"), "test", "adhoc", "test");
        run.add(new ScenarioResult("01-x", "virtual", "noop", "batch:tasks=1"));
        assertEquals(2, Main.execute("profile", "diff", run.dir() + ":01", run.dir() + ":01"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void openLoopScenarioGetsResourcesPinningAndAProfile() throws Exception {
        Path dir = out.resolve("run");
        assertEquals(0, Main.execute("run", "-e", "virtual", "-w", "cpu:iterations=1000000", "-l",
                "open:rate=100,duration=1500ms,warmup=500ms", "--profile", "cpu", "--out", dir.toString()));
        Map<String, Object> s = ((List<Map<String, Object>>) RunDirectory.read(dir.resolve("results.json")).get("scenarios")).get(0);
        Map<String, Object> metrics = (Map<String, Object>) s.get("metrics");
        assertTrue(((Number) metrics.get("threads_peak")).intValue() > 0, metrics.toString());
        assertEquals(0, ((Number) metrics.get("pinned_count")).intValue(), metrics.toString());
        Map<String, Object> files = (Map<String, Object>) s.get("files");
        assertTrue(Files.size(dir.resolve((String) files.get("flame"))) > 1000, files.toString());
        assertTrue(Files.readString(dir.resolve((String) files.get("collapsed"))).contains("CpuWorkload.run"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void refusedPerfEventsGiveATimerProfileAndARunWarning() throws Exception {
        Path dir = out.resolve("run");
        System.setProperty(ProfilerLibrary.PERF_PROPERTY, "off"); // what a kernel or container refusing perf events does
        try {
            assertEquals(0, Main.execute("run", "-e", "platform:fixed=2", "-w", "cpu:iterations=1000000", "-l", "batch:tasks=20",
                    "--warmup", "0", "--iterations", "2", "--time", "500ms", "--profile", "cpu", "--out", dir.toString()));
        } finally {
            System.clearProperty(ProfilerLibrary.PERF_PROPERTY);
        }
        Map<String, Object> doc = RunDirectory.read(dir.resolve("results.json"));
        assertTrue(((List<String>) doc.get("warnings")).stream().anyMatch(w -> w.contains("perf events are not allowed here")),
                doc.get("warnings").toString());
        Map<String, Object> s = ((List<Map<String, Object>>) doc.get("scenarios")).get(0);
        String event = (String) ((Map<String, Object>) s.get("config")).get("profile");
        assertTrue(event.equals("ctimer") || event.equals("itimer"), event);
        Map<String, Object> files = (Map<String, Object>) s.get("files");
        assertTrue(Files.readString(dir.resolve((String) files.get("collapsed"))).contains("CpuWorkload.run"));
    }

    @Test
    void profilerThatCannotRunHereExits2WithProfileRequired() {
        Path dir = out.resolve("run");
        StringWriter err = new StringWriter();
        int status = onUnsupportedArch(() -> Main.execute(err, "run", "-e", "virtual", "-w", "noop", "-l", "batch:tasks=1",
                "--profile", "cpu", "--profile-required", "--out", dir.toString()));
        assertEquals(2, status);
        assertEquals(1, err.toString().trim().lines().count(), err.toString());
        assertTrue(err.toString().contains("does not support linux/sparcv9") && err.toString().contains("--profile-required"),
                err.toString());
        assertFalse(Files.exists(dir));
    }

    @Test
    @SuppressWarnings("unchecked")
    void profilerThatCannotRunHereIsAWarningAndTheRunGoesOn() throws Exception {
        Path dir = out.resolve("run");
        int status = onUnsupportedArch(() -> Main.execute("run", "-e", "virtual", "-w", "noop", "-l", "batch:tasks=1",
                "--warmup", "0", "--iterations", "1", "--time", "200ms", "--profile", "cpu", "--out", dir.toString()));
        assertEquals(0, status);
        Map<String, Object> doc = RunDirectory.read(dir.resolve("results.json"));
        assertTrue(((List<String>) doc.get("warnings")).stream().anyMatch(w -> w.contains("running without profiles")),
                doc.get("warnings").toString());
        Map<String, Object> s = ((List<Map<String, Object>>) doc.get("scenarios")).get(0);
        assertEquals("normal", s.get("termination"));
        assertFalse(((Map<String, Object>) s.get("files")).containsKey("flame"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void jfrWritesOneRecordingPerScenarioWithTheWorkloadInIt() throws Exception {
        Path dir = out.resolve("run");
        assertEquals(0, Main.execute("run", "-e", "inline", "-e", "platform:fixed=2", "-w", "cpu:iterations=1000000",
                "-l", "batch:tasks=20", "--warmup", "0", "--iterations", "2", "--time", "500ms", "--jfr", "--out", dir.toString()));
        List<Map<String, Object>> scenarios = (List<Map<String, Object>>) RunDirectory.read(dir.resolve("results.json"))
                .get("scenarios");
        assertEquals(2, scenarios.size());
        java.util.Set<Path> recordings = new java.util.HashSet<>();
        for (Map<String, Object> s : scenarios) {
            Path jfr = dir.resolve((String) ((Map<String, Object>) s.get("files")).get("jfr"));
            recordings.add(jfr);
            // JFR's profile settings sample the running Java threads: the workload is in the recording
            long samples = jdk.jfr.consumer.RecordingFile.readAllEvents(jfr).stream()
                    .filter(e -> e.getEventType().getName().equals("jdk.ExecutionSample"))
                    .filter(e -> e.getStackTrace() != null && e.getStackTrace().getFrames().stream()
                            .anyMatch(f -> f.getMethod().getName().equals("run")
                                    && f.getMethod().getType().getName().endsWith("CpuWorkload")))
                    .count();
            assertTrue(samples > 0, jfr + " has no sample of CpuWorkload.run");
        }
        assertEquals(2, recordings.size(), "one recording per scenario");
    }

    /** Runs the CLI as on a platform async-profiler has no library for. */
    private static int onUnsupportedArch(java.util.function.IntSupplier cli) {
        String arch = System.getProperty("os.arch");
        System.setProperty("os.arch", "sparcv9");
        try {
            return cli.getAsInt();
        } finally {
            System.setProperty("os.arch", arch);
        }
    }
}
