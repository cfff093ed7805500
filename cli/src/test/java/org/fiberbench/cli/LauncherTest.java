package org.fiberbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher's JDK discovery (JAVA_HOME, then java on PATH, then the JDK directory; else one line,
 * exit 2), its rebuilds, and that stdout carries only what the command prints.
 */
class LauncherTest {
    private static final Path LAUNCHER = Path.of("..", "fiberbench").toAbsolutePath().normalize();

    @TempDir
    Path tmp;

    private record Result(int code, String out) {
    }

    private Result launch(Map<String, String> env, String arg) throws Exception {
        return launch(LAUNCHER, env, arg);
    }

    private Result launch(Path launcher, Map<String, String> env, String arg) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("bash", launcher.toString(), arg).redirectErrorStream(true);
        pb.environment().clear();
        pb.environment().put("TMPDIR", tmp.toString()); // where the launcher makes the run's temp directory
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        return new Result(p.exitValue(), out);
    }

    /**
     * A directory whose bin/java is a script answering like the given feature version; asked to run
     * anything else, it prints "ran" and its arguments.
     */
    private Path fakeJdk(String name, int version) throws Exception {
        Path bin = tmp.resolve(name).resolve("bin");
        Files.createDirectories(bin);
        Path java = bin.resolve("java");
        Files.writeString(java, "#!/bin/sh\ncase \"$1\" in -XshowSettings*) echo '    java.specification.version = "
                + version + "' >&2 ;; *) echo \"ran $*\" ;; esac\n");
        Files.writeString(bin.resolve("javac"), "#!/bin/sh\n");
        java.toFile().setExecutable(true);
        bin.resolve("javac").toFile().setExecutable(true);
        return tmp.resolve(name);
    }

    @Test
    void noJdk21AnywhereIsOneLineAndExit2() throws Exception {
        Path old = fakeJdk("jdk17", 17);
        Result r = launch(Map.of("PATH", old.resolve("bin") + ":/usr/bin:/bin", "JAVA_HOME", old.toString(),
                "FIBERBENCH_JDK_DIR", tmp.resolve("none").toString()), "which-jdk");
        assertEquals(2, r.code(), r.out());
        assertTrue(r.out().startsWith("fiberbench: needs a JDK 21 or newer"), r.out());
        assertTrue(r.out().contains("under " + tmp.resolve("none")), "names the places searched: " + r.out());
        assertEquals(1, r.out().lines().count(), r.out());
    }

    @Test
    void javaOnPathComesBeforeTheJdkDirectory() throws Exception {
        Path onPath = fakeJdk("pathjdk", 21);
        fakeJdk("dir/jdk25", 25);
        Result r = launch(Map.of("PATH", onPath.resolve("bin") + ":/usr/bin:/bin",
                "FIBERBENCH_JDK_DIR", tmp.resolve("dir").toString()), "which-jdk");
        assertEquals(onPath.toString(), r.out());
    }

    @Test
    void buildsTheJarOnFirstUseAndAgainOnlyWhenSourcesChange() throws Exception {
        Path home = tmp.resolve("checkout");
        Files.createDirectories(home.resolve("src"));
        Path launcher = home.resolve("fiberbench");
        Files.copy(LAUNCHER, launcher);
        Path source = Files.writeString(home.resolve("src/A.java"), "class A {}");
        Path jdk = fakeJdk("jdk21", 21);
        // a stand-in for Maven: records each build and makes the jar
        Path tools = Files.createDirectories(tmp.resolve("tools"));
        Path builds = tmp.resolve("builds.txt");
        Files.writeString(tools.resolve("mvn"), "#!/bin/sh\necho build >> " + builds
                + "\nmkdir -p cli/target && touch cli/target/fiberbench.jar\n");
        tools.resolve("mvn").toFile().setExecutable(true);
        Map<String, String> env = Map.of("PATH", tools + ":/usr/bin:/bin", "JAVA_HOME", jdk.toString());

        Result first = launch(launcher, env, "--version");
        assertTrue(first.out().contains("ran "), first.out());
        assertTrue(first.out().contains("-jar " + home.resolve("cli/target/fiberbench.jar") + " --version"), first.out());
        assertEquals(1, Files.readAllLines(builds).size(), "no jar yet: built once");
        launch(launcher, env, "--version");
        assertEquals(1, Files.readAllLines(builds).size(), "nothing changed: not rebuilt");
        Path jar = home.resolve("cli/target/fiberbench.jar");
        Files.setLastModifiedTime(source, java.nio.file.attribute.FileTime.fromMillis(
                Files.getLastModifiedTime(jar).toMillis() + 5_000));
        launch(launcher, env, "--version");
        assertEquals(2, Files.readAllLines(builds).size(), "a source newer than the jar: rebuilt");
    }

    @Test
    void fiberbenchClasspathPutsTheUsersClassesBesideTheJar() throws Exception {
        Path home = tmp.resolve("checkout");
        Files.createDirectories(home.resolve("cli/target"));
        Path launcher = home.resolve("fiberbench");
        Files.copy(LAUNCHER, launcher);
        Files.writeString(home.resolve("cli/target/fiberbench.jar"), "");
        Path jdk = fakeJdk("jdk21", 21);
        Result plain = launch(launcher, Map.of("PATH", "/usr/bin:/bin", "JAVA_HOME", jdk.toString()), "list");
        assertTrue(plain.out().contains("-jar " + home.resolve("cli/target/fiberbench.jar") + " list"), plain.out());
        Result extra = launch(launcher, Map.of("PATH", "/usr/bin:/bin", "JAVA_HOME", jdk.toString(),
                "FIBERBENCH_CLASSPATH", "/opt/my/classes"), "list");
        assertTrue(extra.out().contains("-cp " + home.resolve("cli/target/fiberbench.jar") + ":/opt/my/classes"
                + " org.fiberbench.cli.Main list"), extra.out());
        assertTrue(extra.out().contains("--add-opens java.base/java.lang=ALL-UNNAMED"), extra.out());
    }

    @Test
    void theCliKeepsItsCommandLineOutOfPerfData() throws Exception {
        Path home = tmp.resolve("perf");
        Files.createDirectories(home.resolve("cli/target"));
        Path launcher = home.resolve("fiberbench");
        Files.copy(LAUNCHER, launcher);
        Files.writeString(home.resolve("cli/target/fiberbench.jar"), "");
        Result r = launch(launcher, Map.of("PATH", "/usr/bin:/bin", "JAVA_HOME", fakeJdk("jdk21p", 21).toString()),
                "serve");
        // hsperfdata_<user>/<pid> would hold the command line, a --password included, after a kill -9
        assertTrue(r.out().contains(" -XX:-UsePerfData "), r.out());
    }

    /**
     * A checkout whose cli module builds a jar printing "hello ARGS", with real Maven and this JDK.
     * Like a fresh clone whose dependencies are not downloaded yet, the offline build fails and the
     * online one succeeds: Brokentrue.java is compiled only when ${settings.offline} is true.
     */
    private Path checkoutBuiltByMaven() throws Exception {
        Path home = tmp.resolve("real");
        Path src = Files.createDirectories(home.resolve("cli/src/main/java"));
        Files.copy(LAUNCHER, home.resolve("fiberbench"));
        Files.writeString(home.resolve("pom.xml"), "<project xmlns=\"http://maven.apache.org/POM/4.0.0\"><modelVersion>4.0.0"
                + "</modelVersion><groupId>launchertest</groupId><artifactId>root</artifactId><version>1</version>"
                + "<packaging>pom</packaging><modules><module>cli</module></modules></project>");
        String plugin = "<plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-%s-plugin</artifactId>"
                + "<version>%s</version>%s</plugin>";
        Files.writeString(home.resolve("cli/pom.xml"), "<project xmlns=\"http://maven.apache.org/POM/4.0.0\"><modelVersion>"
                + "4.0.0</modelVersion><groupId>launchertest</groupId><artifactId>cli</artifactId><version>1</version>"
                + "<properties><maven.compiler.release>21</maven.compiler.release>"
                + "<project.build.sourceEncoding>UTF-8</project.build.sourceEncoding></properties>"
                + "<build><finalName>fiberbench</finalName><plugins>"
                + String.format(plugin, "compiler", "3.13.0", "<configuration><includes><include>Hello.java</include>"
                        + "<include>Broken${settings.offline}.java</include></includes></configuration>")
                + String.format(plugin, "resources", "3.3.1", "")
                + String.format(plugin, "jar", "3.4.1", "<configuration><archive><manifest><mainClass>Hello</mainClass>"
                        + "</manifest></archive></configuration>")
                + "</plugins></build></project>");
        Files.writeString(src.resolve("Hello.java"),
                "public class Hello { public static void main(String[] a) { System.out.println(\"hello \" + String.join(\" \", a)); } }");
        Files.writeString(src.resolve("Brokentrue.java"), "class Brokentrue { not java }");
        return home;
    }

    private record Streams(int code, String out, String err) {
    }

    /** The launcher with this JDK and the machine's Maven, stdout and stderr kept apart. */
    private Streams launchReal(Path home, String... args) throws Exception {
        java.util.List<String> cmd = new java.util.ArrayList<>(java.util.List.of("bash", home.resolve("fiberbench").toString()));
        cmd.addAll(java.util.List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(tmp.resolve("stderr.txt").toFile());
        pb.environment().keySet().removeIf(k -> k.startsWith("MAVEN") || k.equals("JAVA_TOOL_OPTIONS"));
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().put("PATH", "/usr/bin:/bin");
        pb.environment().put("TMPDIR", tmp.toString());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the build ends");
        return new Streams(p.exitValue(), out, Files.readString(tmp.resolve("stderr.txt")));
    }

    @Test
    void aRebuildLeavesStdoutToTheCommand() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/mvn")), "needs Maven in /usr/bin");
        Path home = checkoutBuiltByMaven();
        Streams r = launchReal(home, "a", "b");
        assertEquals(0, r.code(), r.err());
        assertEquals("hello a b\n", r.out(), "stdout is exactly what the command printed");
        assertTrue(r.err().contains("fiberbench: building with"), r.err());
        assertFalse(r.err().contains("\u001b["), "no colour codes on stderr either: " + r.err());
    }

    @Test
    void ciRunsExactlyTheReadmeTestCommand() throws Exception {
        Path root = LAUNCHER.getParent();
        String readme = Files.readString(root.resolve("README.md"));
        int setUp = readme.indexOf("## Set up on a fresh machine");
        String block = readme.substring(readme.indexOf("```", setUp) + 3, readme.indexOf("```", readme.indexOf("```", setUp) + 3));
        var commands = block.lines().map(l -> l.replaceAll("#.*", "").trim()).filter(l -> !l.isEmpty()).toList();
        assertEquals(java.util.List.of("./fiberbench run", "./fiberbench test"), commands, "exactly two set-up commands");
        var ci = Files.readAllLines(root.resolve(".ci/run")).stream().map(String::trim)
                .filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
        assertEquals("exec " + commands.get(1), ci.get(ci.size() - 1), ".ci/run ends by running the README's test command");
    }

    @Test
    void javaHomeComesFirst() throws Exception {
        Path home = fakeJdk("home21", 21);
        fakeJdk("dir/jdk25", 25);
        Result r = launch(Map.of("PATH", "/usr/bin:/bin", "JAVA_HOME", home.toString(),
                "FIBERBENCH_JDK_DIR", tmp.resolve("dir").toString()), "which-jdk");
        assertEquals(home.toString(), r.out());
    }

    @Test
    void aJdksReleaseFileNamesItsVersionWithoutRunningIt() throws Exception {
        fakeJdk("dir/jdk21", 21);
        Path released = fakeJdk("dir/jdk26", 17); // its java would answer 17 if it were asked
        Files.writeString(released.resolve("release"), "IMPLEMENTOR=\"x\"\nJAVA_VERSION=\"26.0.1\"\n");
        Path old = fakeJdk("dir/jdk8", 30);
        Files.writeString(old.resolve("release"), "JAVA_VERSION=\"1.8.0_392\"\n");
        Result r = launch(Map.of("PATH", "/usr/bin:/bin", "FIBERBENCH_JDK_DIR", tmp.resolve("dir").toString()), "which-jdk");
        assertEquals(released.toString(), r.out(), "26 from its release file; 1.8.0_392 is 8, not 30");
    }

    @Test
    void tooOldJavaHomeFallsBackToNewestInJdkDir() throws Exception {
        Path old = fakeJdk("jdk17", 17);
        fakeJdk("dir/jdk21", 21);
        Path newest = fakeJdk("dir/jdk25", 25);
        Result r = launch(Map.of("PATH", old.resolve("bin") + ":/usr/bin:/bin", "JAVA_HOME", old.toString(),
                "FIBERBENCH_JDK_DIR", tmp.resolve("dir").toString()), "which-jdk");
        assertEquals(newest.toString(), r.out());
    }
}
