package org.fiberbench.cli.user;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The samples project of the repository: built with Maven as a user builds it. */
public final class Samples {
    /** Where the docs' commands name the samples' jar, relative to the repository. */
    public static final String JAR_IN_DOCS = "samples/target/fiberbench-samples.jar";
    static final Path DIR = Path.of("..", "samples").toAbsolutePath().normalize();

    private Samples() {
    }

    /** {@code mvn package} in samples/: offline first, as the launcher builds, then online if a dependency is missing. */
    public static synchronized Path build(Path log) throws Exception {
        int code = mvn(log, "-o");
        if (code != 0) {
            code = mvn(log);
        }
        assertEquals(0, code, Files.readString(log, StandardCharsets.UTF_8));
        Path jar = DIR.resolve("target/fiberbench-samples.jar");
        assertTrue(Files.isRegularFile(jar), "the shaded jar is built: " + jar);
        return jar;
    }

    /** The samples' jar, built first when it is not there yet. */
    public static Path jar(Path log) throws Exception {
        Path jar = DIR.resolve("target/fiberbench-samples.jar");
        return Files.isRegularFile(jar) ? jar : build(log);
    }

    private static int mvn(Path log, String... extra) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("mvn", "-B", "-q", "-ntp", "-Dstyle.color=never"));
        cmd.addAll(List.of(extra));
        cmd.add("package");
        ProcessBuilder b = new ProcessBuilder(cmd).directory(DIR.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        b.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process p = b.start();
        if (!p.waitFor(3, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            return -1;
        }
        return p.exitValue();
    }
}
