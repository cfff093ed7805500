package org.fiberbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The launcher's JDK discovery: JAVA_HOME, then java on PATH, then the JDK directory; else one line, exit 2. */
class LauncherTest {
    private static final Path LAUNCHER = Path.of("..", "fiberbench").toAbsolutePath().normalize();

    @TempDir
    Path tmp;

    private record Result(int code, String out) {
    }

    private Result launch(Map<String, String> env, String arg) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("bash", LAUNCHER.toString(), arg).redirectErrorStream(true);
        pb.environment().clear();
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        return new Result(p.exitValue(), out);
    }

    /** A directory whose bin/java is a script answering like the given feature version. */
    private Path fakeJdk(String name, int version) throws Exception {
        Path bin = tmp.resolve(name).resolve("bin");
        Files.createDirectories(bin);
        Path java = bin.resolve("java");
        Files.writeString(java, "#!/bin/sh\necho '    java.specification.version = " + version + "' >&2\n");
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
        assertEquals(1, r.out().lines().count(), r.out());
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
    void tooOldJavaHomeFallsBackToNewestInJdkDir() throws Exception {
        Path old = fakeJdk("jdk17", 17);
        fakeJdk("dir/jdk21", 21);
        Path newest = fakeJdk("dir/jdk25", 25);
        Result r = launch(Map.of("PATH", old.resolve("bin") + ":/usr/bin:/bin", "JAVA_HOME", old.toString(),
                "FIBERBENCH_JDK_DIR", tmp.resolve("dir").toString()), "which-jdk");
        assertEquals(newest.toString(), r.out());
    }
}
