package org.fiberbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import org.fiberbench.executor.ExecutorSpec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The dependency arrows between core's packages, read from the compiled classes by the JDK's
 * {@code jdeps}: what a class names in its constant pool and signatures, whatever its imports say.
 */
class ArchitectureTest {
    /** A jdeps {@code -verbose:class} line: {@code   org.a.X   -> org.b.Y   classes}. */
    private static final Pattern EDGE = Pattern.compile("^\\s+(org\\.fiberbench\\.\\S+)\\s+->\\s+(org\\.fiberbench\\.\\S+)\\s");
    /** Each core class and the fiberbench classes it depends on. */
    private static final Map<String, Set<String>> DEPENDS_ON = new TreeMap<>();

    @BeforeAll
    static void readClasses() throws URISyntaxException {
        Path classes = Path.of(ExecutorSpec.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow();
        StringWriter out = new StringWriter();
        int status = jdeps.run(new PrintWriter(out), new PrintWriter(out),
                "-verbose:class", "-e", "org\\.fiberbench\\..*", classes.toString());
        assertEquals(0, status, out::toString);
        for (String line : out.toString().lines().toList()) {
            Matcher m = EDGE.matcher(line);
            if (m.find()) {
                DEPENDS_ON.computeIfAbsent(m.group(1), k -> new TreeSet<>()).add(m.group(2));
            }
        }
    }

    /** "A -> B" for every class matching {@code from} that depends on a class matching {@code to}. */
    private static List<String> edges(String from, String to) {
        Pattern f = Pattern.compile(from);
        Pattern t = Pattern.compile(to);
        return DEPENDS_ON.entrySet().stream().filter(e -> f.matcher(e.getKey()).matches())
                .flatMap(e -> e.getValue().stream().filter(d -> t.matcher(d).matches()).map(d -> e.getKey() + " -> " + d))
                .toList();
    }

    @Test
    void theAnalysisSeesKnownArrows() {
        // guards the rules below: an empty or misread jdeps output would make them pass vacuously
        assertTrue(edges("org\\.fiberbench\\.engine\\.sweep\\.Sweep", "org\\.fiberbench\\.executor\\..*").size() >= 2,
                () -> "engine.sweep.Sweep uses executor types; jdeps saw: " + DEPENDS_ON.get("org.fiberbench.engine.sweep.Sweep"));
    }

    @Test
    void executorDoesNotDependOnEngine() {
        assertEquals(List.of(), edges("org\\.fiberbench\\.executor\\..*", "org\\.fiberbench\\.engine\\..*"),
                "executors are made by the engine and by forks; they must not reach back into it");
    }

    @Test
    void forkCommandDependsOnNoOtherPackage() {
        assertEquals(List.of(), edges("org\\.fiberbench\\.fork\\..*", "org\\.fiberbench\\.(?!fork\\.).*"),
                "the child JVM's command line sits below the engine and the executors");
    }

    @Test
    void workloadRegistryDoesNotImportItsImplementations() {
        assertEquals(List.of(), edges("org\\.fiberbench\\.workload\\.[A-Z][^.]*",
                "org\\.fiberbench\\.(http|workload\\.jdbc|workload\\.user)\\..*"),
                "workload kinds in other packages register themselves; the workload package does not name them");
    }

    @Test
    void engineDependsOnNoneOfItsJmhGlueSuitesOrSweeps() {
        // the arrows point up: the analysis must see them, or the rule below would pass vacuously
        assertTrue(edges("org\\.fiberbench\\.engine\\.(suite|sweep)\\..*", "org\\.fiberbench\\.engine\\.[A-Z][^.]*").size() >= 2,
                "suites and sweeps build on the engine's types");
        assertEquals(List.of("org.fiberbench.engine.jmh.JmhBatchRunnerFactory -> org.fiberbench.engine.BatchRunnerFactory"),
                edges("org\\.fiberbench\\.engine\\.jmh\\.JmhBatchRunnerFactory", "org\\.fiberbench\\.engine\\.BatchRunnerFactory"),
                "the JMH glue provides the engine's batch runner factory");
        assertEquals(List.of(), edges("org\\.fiberbench\\.engine\\.[A-Z][^.]*", "org\\.fiberbench\\.engine\\.(jmh|suite|sweep)\\..*"),
                "the engine runs plans; the JMH runner registers itself (BatchRunnerFactory), suites and sweeps"
                        + " make plans and listen to runs, all above it");
    }

    @Test
    void jmhGlueSuitesAndSweepsDoNotReachIntoEachOther() {
        assertEquals(List.of(), edges("org\\.fiberbench\\.engine\\.jmh\\..*", "org\\.fiberbench\\.engine\\.(suite|sweep)\\..*"));
        assertEquals(List.of(), edges("org\\.fiberbench\\.engine\\.(suite|sweep)\\..*", "org\\.fiberbench\\.engine\\.jmh\\..*"));
        assertEquals(List.of(), edges("org\\.fiberbench\\.engine\\.sweep\\..*", "org\\.fiberbench\\.engine\\.suite\\..*"),
                "a suite may sweep (the pools suite does); a sweep knows no suite");
    }
}
