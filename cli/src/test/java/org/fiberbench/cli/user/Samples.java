package org.fiberbench.cli.user;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.fiberbench.cli.MachineLock;

/** The samples project of the repository: built with Maven as a user builds it. */
public final class Samples {
    /** Where the docs' commands name the samples' jar, relative to the repository. */
    public static final String JAR_IN_DOCS = "samples/target/fiberbench-samples.jar";
    static final Path DIR = Path.of("..", "samples").toAbsolutePath().normalize();

    private Samples() {
    }

    /**
     * {@code mvn package} in samples/: offline, as the launcher builds, then online only if a dependency
     * is missing. The module's test JVMs build one at a time and each uses a copy of the jar beside
     * {@code log}, so a build in one never rewrites the jar a run of the other is reading.
     */
    public static synchronized Path build(Path log) throws Exception {
        try (MachineLock lock = MachineLock.take("samples")) {
            int code = mvn(log, "-o");
            if (code != 0) {
                code = mvn(log);
            }
            assertEquals(0, code, Files.readString(log, StandardCharsets.UTF_8));
            Path jar = DIR.resolve("target/fiberbench-samples.jar");
            assertTrue(Files.isRegularFile(jar), "the shaded jar is built: " + jar);
            return copy(jar, log);
        }
    }

    /** The samples' jar (a copy beside {@code log}), built first when it is not there yet. */
    public static synchronized Path jar(Path log) throws Exception {
        Path jar = DIR.resolve("target/fiberbench-samples.jar");
        try (MachineLock lock = MachineLock.take("samples")) {
            if (Files.isRegularFile(jar)) {
                return copy(jar, log);
            }
        }
        return build(log);
    }

    private static Path copy(Path jar, Path log) throws java.io.IOException {
        Path dir = Files.createTempDirectory(log.toAbsolutePath().getParent(), "samples-jar");
        dir.toFile().deleteOnExit();
        Path copy = Files.copy(jar, dir.resolve(jar.getFileName()));
        copy.toFile().deleteOnExit(); // removed before its directory: the reverse of the order registered
        return copy;
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
