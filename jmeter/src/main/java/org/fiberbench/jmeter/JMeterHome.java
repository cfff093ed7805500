package org.fiberbench.jmeter;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.apache.jmeter.util.JMeterUtils;

/**
 * JMeter wants a home directory holding {@code bin/jmeter.properties}, {@code saveservice.properties}
 * and {@code upgrade.properties}. The ApacheJMeter_config jar carries them; this copies them into a
 * private temporary directory (0700, deleted when the JVM exits) and points JMeter at it, once per JVM.
 * The properties fiberbench sets on top are the same in every JVM of a run: plain RMI unless TLS is
 * asked for, and batches of samples sent back at least every 0.2 s.
 */
final class JMeterHome {
    static final List<String> FILES = List.of("jmeter.properties", "saveservice.properties", "upgrade.properties",
            "system.properties", "user.properties");
    private static Path home;

    private JMeterHome() {
    }

    /** Initialises JMeter in this JVM (idempotent); {@code overrides} are set as JMeter properties. */
    static synchronized Path init(Map<String, String> overrides) {
        if (home == null) {
            try {
                home = materialise();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot make a JMeter home: " + e.getMessage(), e);
            }
            JMeterUtils.setJMeterHome(home.toString());
            JMeterUtils.loadJMeterProperties(home.resolve("bin/jmeter.properties").toString());
            JMeterUtils.initLocale();
            defaults().forEach(JMeterUtils::setProperty);
            // JMeter finds its functions (__P and the rest) by scanning lib/ext and search_paths for classes. Point it
            // at ApacheJMeter_functions when that is a jar of its own; never at fiberbench's whole jar, whose scan takes
            // half a minute. Fiberbench's own plans use no functions; an exported one is run by stock JMeter.
            String functions = functionsJar();
            if (functions.endsWith(".jar") && Path.of(functions).getFileName().toString().startsWith("ApacheJMeter_functions")) {
                JMeterUtils.setProperty("search_paths", functions);
            }
        }
        overrides.forEach(JMeterUtils::setProperty);
        return home;
    }

    /** What every fiberbench JVM sets: samples stripped of their bodies, batched at most 0.2 s. */
    static Map<String, String> defaults() {
        return Map.of("server.rmi.ssl.disable", "true", "mode", "StrippedBatch", "num_sample_threshold", "100",
                "time_threshold", "200", "jmeter.save.saveservice.output_format", "csv", "summariser.name", "");
    }

    private static String functionsJar() {
        try {
            return Path.of(org.apache.jmeter.functions.Property.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                    .toString();
        } catch (java.net.URISyntaxException | RuntimeException e) {
            return "";
        }
    }

    private static Path materialise() throws IOException {
        Path dir = Files.createTempDirectory("fiberbench-jmeter-",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Files.createDirectories(dir.resolve("lib/ext"));
        for (String name : FILES) {
            try (InputStream in = JMeterUtils.class.getClassLoader().getResourceAsStream("bin/" + name)) {
                if (in == null) {
                    throw new IOException("bin/" + name + " is not on the class path (ApacheJMeter_config)");
                }
                Files.copy(in, bin.resolve(name), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteQuietly(dir)));
        return dir;
    }

    private static void deleteQuietly(Path dir) {
        try (var walk = Files.walk(dir)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // a temporary directory left behind is harmless
        }
    }
}
