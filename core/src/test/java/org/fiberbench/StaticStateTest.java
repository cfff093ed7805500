package org.fiberbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.fiberbench.executor.ExecutorSpec;
import org.junit.jupiter.api.Test;

/**
 * Options travel in a run's context, never in a static field a command sets and a runner reads:
 * two runs in one JVM would see each other's. This reads every class of the packages that plan,
 * run and observe scenarios and fails on a static field that is not final, except the few below,
 * each of which is state of the JVM it lives in, never an option.
 */
class StaticStateTest {
    private static final String PACKAGES = "org/fiberbench/(engine|measure|workload|executor|loop|load|http|db|fork)/.*";
    /** Field and why it may change: none of them carries what a user asked for. */
    private static final Map<String, String> ALLOWED = Map.of(
            "org.fiberbench.executor.ProcessWorkerPool.hooked",
            "the pool's shutdown hook is registered once per JVM",
            "org.fiberbench.executor.ProcessWorkerPool.stopping",
            "set by that shutdown hook: this JVM is exiting and starts no worker",
            "org.fiberbench.executor.ProcessWorkerPool.profiling",
            "the fork's own profiler session, which workers started mid-window must join",
            "org.fiberbench.fork.JavaCommand.treeTempDir",
            "the temporary directory the launcher gave this process tree: environment, not an option");

    @Test
    void noStaticFieldCarriesOptions() throws IOException, URISyntaxException, ClassNotFoundException {
        Path classes = Path.of(ExecutorSpec.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Map<String, String> found = new TreeMap<>();
        int scanned = 0;
        for (String name : classNames(classes)) {
            Class<?> c = Class.forName(name, false, getClass().getClassLoader());
            scanned++;
            for (Field f : c.getDeclaredFields()) {
                int m = f.getModifiers();
                if (Modifier.isStatic(m) && !Modifier.isFinal(m) && !f.isSynthetic()) {
                    found.put(c.getName() + "." + f.getName(), "");
                }
            }
        }
        assertTrue(scanned > 100, "read only " + scanned + " classes from " + classes);
        List<String> unexpected = new ArrayList<>(found.keySet());
        unexpected.removeAll(ALLOWED.keySet());
        assertEquals(List.of(), unexpected, "a static field that is not final holds state every run in the JVM shares;"
                + " put options in the run's context (org.fiberbench.engine.RunContext) instead");
        List<String> gone = new ArrayList<>(ALLOWED.keySet());
        gone.removeAll(found.keySet());
        assertEquals(List.of(), gone, "allowed fields that no longer exist: drop them from the list");
    }

    private static List<String> classNames(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.map(p -> root.relativize(p).toString().replace('\\', '/'))
                    .filter(p -> p.endsWith(".class") && p.matches(PACKAGES) && !p.endsWith("package-info.class"))
                    .filter(p -> !p.contains("/jmh_generated/")) // JMH's generated harness, not ours
                    .map(p -> p.substring(0, p.length() - ".class".length()).replace('/', '.'))
                    .sorted().toList();
        }
    }
}
