package org.fiberbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.fiberbench.db.DbOptions;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.server.ServerMain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every secret fiberbench is given — {@code --db-password}, {@code $FIBERBENCH_DB_PASSWORD}, an
 * {@code http:} workload's {@code password=}, {@code serve --password} — used for real (MariaDB
 * users with those passwords, a real {@code fiberbench serve}), with {@code --jfr}, then looked for
 * everywhere a run leaves something: each file of the run directories ({@code .jfr} as {@code jfr
 * print} shows it), what the commands printed, the forks' command lines and environments, and the
 * temp directory. Each secret is random, so no other text can match it.
 */
@ExtendWith(DbServers.Users.class)
class SecretsRunTest {
    private static final String TAG = HexFormat.of().formatHex(new SecureRandom().generateSeed(6));
    private static final String DB_SECRET = "fbDbFlag" + TAG;
    private static final String ENV_SECRET = "fbDbEnv" + TAG;
    private static final String HTTP_SECRET = "fbHttp" + TAG;
    private static final List<String> SECRETS = List.of(DB_SECRET, ENV_SECRET, HTTP_SECRET);
    private static final String[] SHORT = {"--warmup", "0", "--iterations", "1", "--time", "200ms"};
    private static final String CLI_MAIN = Main.class.getName();

    @TempDir
    Path tmp;

    /** {@code fiberbench ARGS} as a process of its own with {@code env} added, stdout and stderr into {@code log}. */
    static Process cli(Path log, Map<String, String> env, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:-UsePerfData", // as the launcher starts the CLI: no perf data file copies its command line
                "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--enable-native-access=ALL-UNNAMED",
                "-Djmh.ignoreLock=true", "-cp", System.getProperty("java.class.path"), CLI_MAIN));
        cmd.addAll(Arrays.asList(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().remove(DbOptions.PASSWORD_ENV);
        pb.environment().putAll(env);
        return pb.start();
    }

    static int await(Process p, Path log) throws Exception {
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            fail("did not finish: " + Files.readString(log));
        }
        return p.exitValue();
    }

    private static String[] runArgs(Path out, String... rest) {
        List<String> a = new ArrayList<>(List.of("run", "-e", "virtual", "--jfr", "--out", out.toString()));
        a.addAll(Arrays.asList(rest));
        a.addAll(Arrays.asList(SHORT));
        return a.toArray(String[]::new);
    }

    @Test
    void noSecretReachesAFileAnOutputAForkOrTheTempDirectory() throws Exception {
        long since = System.currentTimeMillis();
        DbServers.mariadbRoot().close();
        DbServers.withUser("fb_sflag", DB_SECRET, flagUser -> DbServers.withUser("fb_senv", ENV_SECRET, envUser -> {
            // serve's /db reads MariaDB with --db-password; the run's jdbc workload reads it with the variable
            Path serveLog = tmp.resolve("serve.log");
            Process serve = cli(serveLog, Map.of(), "serve", "-e", "virtual", "--port", "0", "--user", "fb",
                    "--password", HTTP_SECRET, "--db", DbServers.MARIADB, "--db-user", flagUser, "--db-password", DB_SECRET);
            try {
                String url = awaitUrl(serve, serveLog);
                CommandLineWatcher ps = CommandLineWatcher.start();
                try {
                    // a JMH fork and a loop fork per workload
                    Path log = tmp.resolve("run.log");
                    Process run = cli(log, Map.of(DbOptions.PASSWORD_ENV, ENV_SECRET), runArgs(tmp.resolve("run"),
                            "-w", "jdbc:query=point", "-w", "http:url=" + url + "db?query=point,user=fb,password=" + HTTP_SECRET,
                            "-l", "batch:tasks=20", "-l", "closed:users=2,duration=1s",
                            "--db", DbServers.MARIADB, "--db-user", envUser));
                    assertEquals(0, await(run, log), Files.readString(log));
                } finally {
                    ps.stop();
                }
                assertForksClean(ps);
            } finally {
                serve.destroy();
                serve.waitFor(30, TimeUnit.SECONDS);
            }
        }));
        assertRunNormalAndMasked(tmp.resolve("run"));
        try (Stream<Path> files = Files.walk(tmp)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                assertNoSecret(f.toString(), f.toString().endsWith(".jfr") ? jfrPrint(f) : Files.readString(f,
                        StandardCharsets.ISO_8859_1));
            }
        }
        assertTempDirectoryClean(since, null);
    }

    /**
     * {@code kill -9} of the parent while a fork holds the database connection: the parent gets no
     * chance to clean up, so nothing it leaves may hold the password; the next run sweeps the rest.
     */
    @Test
    void killedParentLeavesNoSecretAndTheNextRunSweepsItsSocket() throws Exception {
        long since = System.currentTimeMillis();
        DbServers.mariadbRoot().close();
        DbServers.withUser("fb_skill", DB_SECRET, user -> {
            Path log = tmp.resolve("killed.log");
            Process p = cli(log, Map.of(), "run", "-e", "virtual", "-w", "jdbc:query=point", "-l",
                    "closed:users=2,duration=30s", "--db", DbServers.MARIADB, "--db-user", user, "--db-password", DB_SECRET,
                    "--out", tmp.resolve("killed").toString());
            try {
                awaitFork(p, log, user);
            } finally {
                List<ProcessHandle> forks = p.descendants().toList();
                p.destroyForcibly(); // SIGKILL
                p.waitFor(30, TimeUnit.SECONDS);
                forks.forEach(ProcessHandle::destroyForcibly);
            }
            // nothing the killed parent leaves holds a secret, even before the next run sweeps
            assertTempDirectoryClean(since, null);
            assertTrue(!secretDirs(p.pid()).isEmpty(), "the killed run's socket directory is left for the sweep to find");
            Path next = tmp.resolve("next.log");
            assertEquals(0, await(cli(next, Map.of(), runArgs(tmp.resolve("next"), "-w", "jdbc:query=point",
                    "-l", "batch:tasks=10")), next), Files.readString(next));
            assertEquals(List.of(), secretDirs(p.pid()), "the next run left the killed run's socket directory");
            assertTempDirectoryClean(since, null);
        });
    }

    /** Waits until the run's loop fork is up and holds a session of {@code user}: its workload is set up. */
    private static void awaitFork(Process p, Path log, String user) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (p.descendants().noneMatch(d -> commandLine(d).contains("LoopFork"))
                || DbServers.mariadbSessions(user).isEmpty()) {
            if (!p.isAlive() || System.nanoTime() > deadline) {
                fail("no loop fork connected as " + user + ": " + Files.readString(log));
            }
            Thread.sleep(100);
        }
    }

    private static String commandLine(ProcessHandle p) {
        try {
            return Files.readString(Path.of("/proc", Long.toString(p.pid()), "cmdline"), StandardCharsets.ISO_8859_1);
        } catch (IOException gone) {
            return "";
        }
    }

    private static List<Path> secretDirs(long pid) throws IOException {
        try (Stream<Path> dirs = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return dirs.filter(d -> d.getFileName().toString().startsWith("fiberbench-secrets-" + pid + "-")).toList();
        }
    }

    /** No fork (anything but the CLI processes themselves) had a secret on its command line or in its environment. */
    private static void assertForksClean(CommandLineWatcher ps) {
        assertTrue(ps.seen() >= 4, "the forks' command lines were observed");
        for (String s : SECRETS) {
            assertNull(ps.environmentWith(s, CLI_MAIN), "a fork's environment holds " + s);
            assertTrue(!ps.containsOutside(s, CLI_MAIN), "a fork's command line holds " + s);
        }
    }

    @SuppressWarnings("unchecked")
    private static void assertRunNormalAndMasked(Path run) throws Exception {
        Map<String, Object> results = RunDirectory.read(run.resolve("results.json"));
        for (Map<String, Object> s : (List<Map<String, Object>>) results.get("scenarios")) {
            assertEquals("normal", s.get("termination"), s.get("id") + ": " + s.get("failure"));
            assertNotNull(((Map<String, Object>) s.get("files")).get("jfr"), "no .jfr for " + s.get("id"));
        }
        assertTrue(String.valueOf(results.get("command")).contains("password=***"), String.valueOf(results.get("command")));
        for (String kind : new String[] {"-jmh.log", "results.json", "results-jmh.json", "results.csv", "report.html", "-fork.log", ".jfr"}) {
            try (Stream<Path> files = Files.walk(run)) {
                assertTrue(files.anyMatch(f -> f.toString().endsWith(kind)), "no " + kind + " written");
            }
        }
    }

    private static void assertNoSecret(String where, String text) {
        for (String s : SECRETS) {
            assertTrue(!text.contains(s), s + " written to " + where);
        }
    }

    /** What {@code jfr print} shows of a recording: every event with every field. */
    static String jfrPrint(Path jfr) throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jfr").toString(), "print",
                jfr.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS) && p.exitValue() == 0, "jfr print " + jfr + ": " + out);
        assertTrue(out.contains("jdk.JVMInformation"), "jfr print shows nothing of " + jfr);
        return out;
    }

    /** No file in the temp directory written since {@code since} holds a secret ({@code except}: a path part to skip, or null). */
    static void assertTempDirectoryClean(long since, String except) throws IOException {
        Path tmpDir = Path.of(System.getProperty("java.io.tmpdir"));
        try (Stream<Path> files = Files.find(tmpDir, 4, (f, a) -> a.isRegularFile()
                && (except == null || !f.toString().contains(except))
                && a.lastModifiedTime().toMillis() >= since - 1000 && a.size() < 64 << 20)) {
            for (Path f : files.toList()) {
                try {
                    assertNoSecret(f.toString(), Files.readString(f, StandardCharsets.ISO_8859_1));
                } catch (IOException unreadable) {
                    // another user's file, or gone already: not ours
                }
            }
        } catch (java.io.UncheckedIOException unreadableDir) {
            // a directory of another user: not ours
        }
    }

    private static String awaitUrl(Process p, Path log) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline && p.isAlive()) {
            for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
                if (line.startsWith(ServerMain.READY_PREFIX)) {
                    String rest = line.substring(ServerMain.READY_PREFIX.length());
                    return rest.substring(0, rest.indexOf(' '));
                }
            }
            Thread.sleep(100);
        }
        throw new AssertionError("serve did not start: " + Files.readString(log));
    }
}
