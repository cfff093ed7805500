package org.fiberbench.engine;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.fiberbench.executor.JdkProbe;
import org.fiberbench.fork.Jdk;
import org.fiberbench.spec.SpecException;

/**
 * The JDKs a run's forks may start with ({@code --jdk}): found where the launcher looks for one
 * ({@code JAVA_HOME}, {@code java} on {@code PATH}, then every directory under {@code /usr/lib/jvm},
 * which {@code FIBERBENCH_JDK_DIR} replaces), each asked its version by running it. Named by a
 * feature version ({@code 25}) or a JDK home (a path).
 */
public final class Jdks {
    /** Where JDKs are installed side by side unless {@code FIBERBENCH_JDK_DIR} says otherwise. */
    static final String DEFAULT_DIR = "/usr/lib/jvm";
    private static final long PROBE_TIMEOUT_S = 30;
    private static final String ACCEPTED = "accepted: a JDK home (a directory with bin/java) or an installed feature version";

    private final Map<String, String> env;

    /** Discovery in the given environment (the process's own: {@code System.getenv()}). */
    public Jdks(Map<String, String> env) {
        this.env = Map.copyOf(env);
    }

    /** The directory searched last: {@code FIBERBENCH_JDK_DIR}, else {@value #DEFAULT_DIR}. */
    public Path directory() {
        String dir = env.get("FIBERBENCH_JDK_DIR");
        return Path.of(dir == null || dir.isBlank() ? DEFAULT_DIR : dir);
    }

    /** Every JDK found, in search order, each once (links resolved); what will not run is left out. */
    public List<Jdk> installed() {
        Map<Path, Jdk> found = new LinkedHashMap<>();
        for (Path home : candidates()) {
            try {
                Path real = home.toRealPath();
                if (!found.containsKey(real)) {
                    found.put(real, Jdk.probe(real));
                }
            } catch (IOException | RuntimeException e) {
                // not a JDK (a JRE's docs, a broken link, a java that does not run): not listed
            }
        }
        Map<Path, Jdk> byHome = new LinkedHashMap<>();
        found.values().forEach(j -> byHome.putIfAbsent(j.home(), j));
        return List.copyOf(byHome.values());
    }

    private List<Path> candidates() {
        List<Path> out = new ArrayList<>();
        String javaHome = env.get("JAVA_HOME");
        if (javaHome != null && !javaHome.isBlank()) {
            out.add(Path.of(javaHome));
        }
        String path = env.getOrDefault("PATH", "");
        for (String dir : path.split(File.pathSeparator)) {
            Path java = dir.isEmpty() ? null : Path.of(dir, "java");
            if (java != null && Files.isExecutable(java)) {
                try {
                    out.add(java.toRealPath().getParent().getParent());
                } catch (IOException e) {
                    // a dangling link: nothing there
                }
                break; // the first java on PATH, as a shell would run it
            }
        }
        try (Stream<Path> dirs = Files.list(directory())) {
            dirs.filter(Files::isDirectory).sorted().forEach(out::add);
        } catch (IOException e) {
            // no such directory: nothing installed there
        }
        return out;
    }

    /**
     * The JDKs {@code --jdk} names, each labelled by its feature version ({@code 25}), a JDK named
     * again or a second JDK of the same version with {@code #2}, {@code #3}...
     *
     * @throws SpecException (one line naming the value) for a path that is not a JDK, a version not
     *                       installed, or a JDK older than {@value Jdk#MINIMUM}
     */
    public List<Jdk> resolve(List<String> given) {
        List<Jdk> out = new ArrayList<>();
        List<Jdk> installed = null;
        Map<Integer, Integer> seen = new HashMap<>();
        for (String g : given) {
            String v = g.trim();
            Jdk jdk;
            if (v.matches("\\d{1,3}")) {
                installed = installed != null ? installed : installed();
                jdk = byVersion(v, Integer.parseInt(v), installed);
            } else {
                jdk = byPath(v);
            }
            if (!jdk.supported()) {
                throw new SpecException("--jdk " + v + ": " + jdk.home() + " is JDK " + jdk.feature() + " (" + jdk.version()
                        + ", " + jdk.vendor() + "); fiberbench needs JDK " + Jdk.MINIMUM + " or newer (virtual threads)");
            }
            int n = seen.merge(jdk.feature(), 1, Integer::sum);
            out.add(jdk.withLabel(jdk.feature() + (n > 1 ? "#" + n : "")));
        }
        return out;
    }

    private Jdk byVersion(String v, int feature, List<Jdk> installed) {
        return installed.stream().filter(j -> j.feature() == feature).findFirst().orElseThrow(() -> new SpecException(
                "--jdk " + v + ": no JDK " + feature + " found in JAVA_HOME, on PATH or under " + directory() + "; found: "
                        + Jdk.describe(installed) + "; " + ACCEPTED));
    }

    private Jdk byPath(String v) {
        try {
            Path home = Path.of(v);
            if (!Files.isDirectory(home)) {
                throw new IOException("no such directory");
            }
            return Jdk.probe(home);
        } catch (IOException | RuntimeException e) {
            throw new SpecException("--jdk " + v + ": not a JDK (" + e.getMessage() + "); " + ACCEPTED + "; found: "
                    + Jdk.describe(installed()));
        }
    }

    /**
     * What {@code jdk} can run, asked in a child JVM of it started as forks are ({@link JdkProbe}),
     * bounded in time: whether virtual threads start, and how custom schedulers reach them
     * ({@code public}, {@code internal} or {@code unavailable}). A JDK before 21 is not asked: it
     * cannot load fiberbench's classes.
     */
    public static Capabilities capabilities(Jdk jdk) {
        if (!jdk.supported()) {
            return new Capabilities(false, "unavailable", "JDK " + jdk.feature() + " is older than " + Jdk.MINIMUM);
        }
        List<String> cmd = Defaults.javaCommand(jdk);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), JdkProbe.class.getName()));
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            p.getOutputStream().close();
            try {
                if (!p.waitFor(PROBE_TIMEOUT_S, TimeUnit.SECONDS)) {
                    return new Capabilities(false, "unavailable", "the probe did not finish within " + PROBE_TIMEOUT_S + " s");
                }
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                Map<String, String> kv = new HashMap<>();
                out.lines().filter(l -> l.contains("=")).forEach(l -> kv.put(l.substring(0, l.indexOf('=')),
                        l.substring(l.indexOf('=') + 1).trim()));
                if (p.exitValue() != 0 || !kv.containsKey("custom_schedulers")) {
                    return new Capabilities(false, "unavailable", "the probe failed: " + JvmOptions.complaint(out));
                }
                return new Capabilities(Boolean.parseBoolean(kv.get("virtual_threads")), kv.get("custom_schedulers"), null);
            } finally {
                p.destroyForcibly();
            }
        } catch (IOException e) {
            return new Capabilities(false, "unavailable", "cannot start " + jdk.java() + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Capabilities(false, "unavailable", "interrupted");
        }
    }

    /**
     * What a JDK can run.
     *
     * @param virtualThreads   a virtual thread started in it
     * @param customSchedulers {@code public} (Thread.Builder.OfVirtual.scheduler), {@code internal}
     *                         (the JDK's package-private builder, opened to fiberbench) or {@code unavailable}
     * @param problem          why it could not be asked, or null
     */
    public record Capabilities(boolean virtualThreads, String customSchedulers, String problem) {
        public boolean schedulers() {
            return !customSchedulers.equals("unavailable");
        }
    }
}
