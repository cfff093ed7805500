package org.fiberbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.fiberbench.result.RunDirectory;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run --jdk} and {@code list jdks} end to end: the CLI as a process of its own whose JDK
 * discovery sees only FIBERBENCH_JDK_DIR (no JAVA_HOME, nothing on PATH), holding the JDK running
 * the tests and the machine's JDK 17; real JMH and loop forks at tiny scale.
 */
class JdkRunTest {
    static final Path CURRENT = Path.of(System.getProperty("java.home"));
    static final String V = Integer.toString(Runtime.version().feature());
    static final Path JDK17 = Path.of("/usr/lib/jvm/java-17-openjdk-amd64");
    static final String[] TINY = {"--warmup", "0", "--iterations", "1", "--time", "200ms", "--gc", "false"};

    @TempDir
    static Path shared;
    @TempDir
    Path tmp;

    record Cli(int status, String out, String err) {
    }

    @BeforeAll
    static void aDirectoryOfJdks() throws IOException {
        Assumptions.assumeTrue(Files.isExecutable(JDK17.resolve("bin/java")), "needs JDK 17 at " + JDK17);
        Path dir = Files.createDirectories(shared.resolve("jvm"));
        Files.createSymbolicLink(dir.resolve("current"), CURRENT);
        Files.createSymbolicLink(dir.resolve("old"), JDK17);
    }

    static Cli cli(String... args) throws Exception {
        List<String> cmd = CliCapture.command(args); // CURRENT's java
        Path out = Files.createTempFile(shared, "out", ".txt");
        Path err = Files.createTempFile(shared, "err", ".txt");
        ProcessBuilder b = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile());
        b.environment().remove("JAVA_HOME");
        b.environment().put("PATH", Files.createDirectories(shared.resolve("empty-path")).toString());
        b.environment().put("FIBERBENCH_JDK_DIR", shared.resolve("jvm").toString());
        Process p = b.start();
        assertTrue(p.waitFor(240, TimeUnit.SECONDS), "the CLI finished in time");
        return new Cli(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    static String[] run(Path out, String... rest) {
        List<String> a = new ArrayList<>(List.of("run"));
        a.addAll(Arrays.asList(rest));
        a.addAll(Arrays.asList(TINY));
        a.addAll(List.of("--out", out.toString()));
        return a.toArray(String[]::new);
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> scenarios(Path out) throws IOException {
        return (List<Map<String, Object>>) RunDirectory.read(out.resolve("results.json")).get("scenarios");
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> jdk(Map<String, Object> scenario) {
        return (Map<String, Object>) scenario.get("jdk");
    }

    @Test
    void aJdkOlderThan21IsOneLineNamingItExit2AndNothingWritten() throws Exception {
        Path out = tmp.resolve("run");
        Cli r = cli(run(out, "-e", "virtual", "-w", "cpu:iterations=1000", "-l", "batch:tasks=10", "--jdk", V, "--jdk", "17"));
        assertEquals(2, r.status(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("fiberbench: --jdk 17: " + JDK17 + " is JDK 17"), r.err());
        assertFalse(Files.exists(out), "nothing written");
    }

    @Test
    void aVersionNotInstalledNamesWhatWasFound() throws Exception {
        Cli r = cli("run", "-e", "virtual", "--jdk", "22", "--dry-run");
        assertEquals(2, r.status(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().contains("--jdk 22: no JDK 22 found") && r.err().contains("found: " + V + " (")
                && r.err().contains("17 (" + JDK17 + ")"), r.err());
    }

    private static Cli twice;

    /** virtual and platform:fixed=2 × cpu × batch on the running JDK twice ({@code --jdk V --jdk V}): made once, read by two tests. */
    static synchronized Cli twice() throws Exception {
        if (twice == null) {
            twice = cli(run(shared.resolve("twice"), "-e", "virtual", "-e", "platform:fixed=2", "-w", "cpu:iterations=1000",
                    "-l", "batch:tasks=50", "--jdk", V, "--jdk", V));
        }
        return twice;
    }

    @Test
    void theSameJdkTwiceRunsEveryScenarioTwiceLabelledApart() throws Exception {
        Path out = shared.resolve("twice");
        Cli r = twice();
        assertEquals(0, r.status(), r.err());
        List<Map<String, Object>> s = scenarios(out);
        assertEquals(List.of(V, V + "#2", V, V + "#2"), s.stream().map(x -> jdk(x).get("label")).toList());
        for (Map<String, Object> x : s) {
            assertEquals("fork", jdk(x).get("reported_by"), "what the fork said it ran on");
            assertEquals(CURRENT.toRealPath().toString(), Path.of((String) jdk(x).get("home")).toRealPath().toString());
            assertEquals(System.getProperty("java.version"), jdk(x).get("version"));
        }
        assertNull(s.get(1).get("baseline"), "each JDK's first executor is its own baseline");
        assertEquals(s.get(0).get("id"), s.get(2).get("baseline"));
        @SuppressWarnings("unchecked")
        Map<String, Object> across = (Map<String, Object>) s.get(3).get("jdk_ratio");
        assertEquals(s.get(2).get("id"), across.get("baseline"), "platform on 25#2 against platform on 25");
        assertEquals(V, across.get("baseline_jdk"));
        assertTrue(((Number) across.get("value")).doubleValue() > 0);
        assertEquals(List.of(), org.fiberbench.cli.report.ResultsSchema.errors(out.resolve("results.json")),
                "jdk and jdk_ratio as docs/results.schema.json describes them");
        String header = r.out().lines().filter(l -> l.trim().startsWith("executor")).findFirst().orElseThrow();
        assertTrue(header.matches("\\s+executor\\s+jdk\\s+score.*ratio\\s+across jdks\\s+notes"), header);
        assertTrue(r.out().lines().anyMatch(l -> l.trim().startsWith("platform:fixed=2  " + V + "#2")
                && l.contains(" vs " + V)), r.out());
        String report = Files.readString(out.resolve("report.html"));
        assertTrue(report.contains("\"group\":\"jdk " + V + "#2 · cpu:iterations=1000 × batch:tasks=50\""),
                "the report groups each JDK's scenarios apart");
        assertTrue(report.contains("\"jdk_ratio\":{") && report.contains("\"baseline_jdk\":\"" + V + "\""),
                "the report's summary has the ratio across JDKs");
    }

    private static Cli onImage;

    /**
     * virtual × cpu × batch:tasks=50 and closed:users=2 on {@link #linkedRuntime()} ({@code --jdk HOME}, labelled
     * {@code V}): made once, read by two tests.
     */
    static synchronized Cli onImage() throws Exception {
        if (onImage == null) {
            onImage = cli(run(shared.resolve("image"), "-e", "virtual", "-w", "cpu:iterations=1000", "-l", "batch:tasks=50",
                    "-l", "closed:users=2,duration=1s", "--jdk", linkedRuntime().toString()));
        }
        return onImage;
    }

    @Test
    void aJdkHomeRunsEveryForkOnThatJdk() throws Exception {
        Path image = linkedRuntime();
        Path out = shared.resolve("image");
        Cli r = onImage();
        assertEquals(0, r.status(), r.err());
        List<Map<String, Object>> s = scenarios(out);
        assertEquals(2, s.size());
        for (Map<String, Object> x : s) {
            // the image is a JDK of its own: a fork started with the CLI's java would report the CLI's home
            assertEquals(image.toRealPath().toString(), jdk(x).get("home"), x.get("id") + " ran on the JDK asked");
            assertEquals("fork", jdk(x).get("reported_by"));
            assertEquals(V, jdk(x).get("label"));
        }
        assertFalse(r.out().contains("across jdks"), "one JDK: the usual table");
    }

    @Test
    void optionsOneJdkRejectsFailThatJdksScenariosOnly() throws Exception {
        Path image = linkedRuntime(); // has no jdk.httpserver module: --add-modules jdk.httpserver stops its JVM
        Path out = tmp.resolve("rejected");
        Cli r = cli(run(out, "-e", "virtual", "-w", "cpu:iterations=1000", "-l", "batch:tasks=50",
                "--jdk", V, "--jdk", image.toString(), "--jvm-args", "--add-modules jdk.httpserver"));
        assertEquals(1, r.status(), r.err());
        List<Map<String, Object>> s = scenarios(out);
        assertEquals("normal", s.get(0).get("termination"));
        assertEquals("failure", s.get(1).get("termination"));
        String why = (String) s.get(1).get("failure");
        assertTrue(why.contains("--jvm-args '--add-modules jdk.httpserver' are rejected") && why.contains(image.toString())
                && why.contains("jdk.httpserver not found"), why);
        assertEquals(V + "#2", jdk(s.get(1)).get("label"));
    }

    @Test
    void optionsEveryJdkRejectsAreBadInput() throws Exception {
        Path out = tmp.resolve("all-rejected");
        Cli r = cli(run(out, "-e", "virtual", "--jdk", V, "--jdk", CURRENT.toString(), "--jvm-args", "-XX:+NoSuchFlagAnywhere"));
        assertEquals(2, r.status(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().contains("-XX:+NoSuchFlagAnywhere"), r.err());
        assertFalse(Files.exists(out));
    }

    @Test
    void listJdksShowsEachWithWhatItCanRun() throws Exception {
        Cli r = cli("list", "jdks");
        assertEquals(0, r.status(), r.err());
        String home = CURRENT.toRealPath().toString();
        String current = r.out().lines().filter(l -> l.contains(home)).findFirst().orElseThrow();
        assertTrue(current.trim().startsWith(V + " ") && current.contains(System.getProperty("java.version")), current);
        assertTrue(current.matches(".*\\byes\\s+yes \\((internal|public)\\).*"), current);
        String old = r.out().lines().filter(l -> l.contains(JDK17.toString())).findFirst().orElseThrow();
        assertTrue(old.trim().startsWith("17 ") && old.contains("no (needs 21+)"), old);
        assertTrue(r.out().contains("under " + shared.resolve("jvm")), r.out());
        assertEquals(4, r.out().lines().count(), "a heading, the columns, one line per JDK: " + r.out());
    }

    @Test
    void compareMatchesScenariosByJdk() throws Exception {
        Path a = shared.resolve("twice"); // virtual and platform:fixed=2 on V and V#2
        Path b = shared.resolve("image"); // virtual on the linked image, labelled V: a batch and a closed loop
        assertEquals(0, twice().status(), twice().err());
        assertEquals(0, onImage().status(), onImage().err());
        // compare reads two run directories and discovers no JDK: it runs in this JVM
        CliCapture.Outcome same = CliCapture.run("compare", a.toString(), a.toString());
        assertTrue(same.out().contains("virtual on jdk " + V + " ") && same.out().contains("virtual on jdk " + V + "#2"),
                same.out());
        assertTrue(same.out().contains("4 scenario(s) compared"), same.out());
        CliCapture.Outcome fewer = CliCapture.run("compare", a.toString(), b.toString());
        assertTrue(fewer.out().contains("1 scenario(s) compared"), "the batch on jdk " + V + " only: " + fewer.out());
        assertTrue(fewer.out().contains("missing in B: virtual | cpu:iterations=1000 | batch:tasks=50 | jdk " + V + "#2"),
                fewer.out());
    }

    /** A runtime image of the JDK running the tests (jlink): a JDK home that is not the CLI's. Made once. */
    static synchronized Path linkedRuntime() throws Exception {
        Path image = shared.resolve("linked-jdk");
        if (Files.isExecutable(image.resolve("bin/java"))) {
            return image;
        }
        Process p = new ProcessBuilder(CURRENT.resolve("bin/jlink").toString(), "--add-modules",
                "java.se,jdk.management,jdk.unsupported,jdk.jfr,jdk.management.jfr,jdk.attach,jdk.zipfs",
                "--output", image.toString(), "--strip-debug", "--no-header-files", "--no-man-pages")
                .redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), log);
        assertNotNull(image);
        return image;
    }
}
