package org.fiberbench.fork;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * A JDK that forks can start with: its home, its feature version (17, 21, 25...), the version
 * and vendor it reports, and the label a run knows it by ({@code 25}, {@code 25#2} when the
 * same JDK is given twice). The figures come from running the JDK's own {@code java}, never
 * from its directory name, so a JDK is what it says it is.
 *
 * @param home    the JDK's home (the directory holding {@code bin/java})
 * @param feature the feature version, {@code java.specification.version}'s first number
 * @param version {@code java.version}, e.g. {@code 25.0.3}
 * @param vendor  {@code java.vendor}, e.g. {@code Eclipse Adoptium}
 * @param label   how tables and results name it; unique within a run
 */
public record Jdk(Path home, int feature, String version, String vendor, String label) {
    /** The oldest feature version fiberbench runs on: the first with virtual threads. */
    public static final int MINIMUM = 21;
    /** A JDK whose {@code java -version} takes longer than this is taken as broken. */
    static final long PROBE_TIMEOUT_S = 20;

    public Jdk {
        Objects.requireNonNull(home);
        Objects.requireNonNull(label);
    }

    /** The JDK running this JVM, labelled by its feature version. */
    public static Jdk current() {
        int feature = Runtime.version().feature();
        return new Jdk(Path.of(System.getProperty("java.home")), feature, System.getProperty("java.version"),
                System.getProperty("java.vendor"), Integer.toString(feature));
    }

    /** Its {@code bin/java}. */
    public Path java() {
        return home.resolve("bin").resolve("java");
    }

    public Jdk withLabel(String l) {
        return new Jdk(home, feature, version, vendor, l);
    }

    /** Whether this is the JDK the current JVM runs on (the same home once links are resolved). */
    public boolean isCurrent() {
        return sameHome(home, Path.of(System.getProperty("java.home")));
    }

    /** Whether two homes are one directory once links are resolved. */
    public static boolean sameHome(Path a, Path b) {
        try {
            return a.toRealPath().equals(b.toRealPath());
        } catch (IOException e) {
            return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
        }
    }

    /** Runs on virtual threads: 21 or newer. */
    public boolean supported() {
        return feature >= MINIMUM;
    }

    /**
     * Asks the JDK at {@code home} what it is ({@code java -XshowSettings:properties -version},
     * which any JDK answers, old ones included), bounded in time.
     *
     * @throws IOException with a one-line reason when {@code home} holds no {@code bin/java} that answers
     */
    public static Jdk probe(Path home) throws IOException {
        Path java = home.resolve("bin").resolve("java");
        if (!Files.isRegularFile(java) || !Files.isExecutable(java)) {
            throw new IOException("no bin/java in it");
        }
        Map<String, String> props = properties(java);
        String spec = props.get("java.specification.version");
        if (spec == null) {
            throw new IOException(java + " did not report its version");
        }
        // 1.8 and older name the feature after the dot
        String[] parts = spec.split("\\.");
        int feature = Integer.parseInt(parts[0].equals("1") && parts.length > 1 ? parts[1] : parts[0]);
        Path reportedHome = props.containsKey("java.home") ? Path.of(props.get("java.home")) : home;
        return new Jdk(reportedHome, feature, props.getOrDefault("java.version", spec),
                props.getOrDefault("java.vendor", "unknown"), Integer.toString(feature));
    }

    private static Map<String, String> properties(Path java) throws IOException {
        Process p = new ProcessBuilder(java.toString(), "-XshowSettings:properties", "-version").redirectErrorStream(true)
                .start();
        p.getOutputStream().close();
        String out;
        try {
            out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(PROBE_TIMEOUT_S, TimeUnit.SECONDS)) {
                throw new IOException(java + " -version did not answer within " + PROBE_TIMEOUT_S + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while asking " + java + " its version");
        } finally {
            p.destroyForcibly();
        }
        Map<String, String> props = new HashMap<>();
        for (String line : out.lines().toList()) {
            int eq = line.indexOf(" = ");
            if (line.startsWith("    ") && eq > 0 && !line.startsWith("        ")) {
                props.put(line.substring(0, eq).trim(), line.substring(eq + 3).trim());
            }
        }
        return props;
    }

    /** Each JDK's feature version and home, e.g. {@code 25 (/usr/lib/jvm/jdk-25), 17 (...)}: for messages. */
    public static String describe(List<Jdk> jdks) {
        return jdks.isEmpty() ? "none" : String.join(", ", jdks.stream().map(j -> j.feature() + " (" + j.home() + ")").toList());
    }
}
