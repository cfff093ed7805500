package org.fiberbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/**
 * Workload kinds come from providers found on the class path, and the {@code workload} package's
 * classes name none of the implementations outside it (http, jdbc): the dependency points one way.
 */
class WorkloadRegistryTest {
    private static final String PACKAGE = "org/fiberbench/workload/";

    @Test
    void everyShippedKindIsFoundInListOrder() {
        List<String> ids = StreamSupport.stream(WorkloadKind.all().spliterator(), false).map(WorkloadKind::id).toList();
        assertEquals(List.of("cpu", "sleep", "noop", "fail", "pin", "jdbc", "http", "primes", "file", "class"), ids);
    }

    @Test
    void everyKindsExampleRoundTripsThroughTheRegistry() {
        for (WorkloadKind k : WorkloadKind.all()) {
            WorkloadSpec spec = WorkloadSpec.parse(k.example());
            assertSame(k, spec.kind(), k.example());
            assertSame(k, WorkloadKind.of(k.id()));
            WorkloadSpec again = WorkloadSpec.parse(spec.canonical());
            assertEquals(spec.canonical(), again.canonical(), "canonical text is a fixed point: " + k.example());
            assertSame(k, again.kind());
        }
    }

    @Test
    void workloadPackageNamesNoImplementationOutsideIt() throws Exception {
        List<String> offenders = new ArrayList<>();
        for (Path c : classFiles()) {
            String text = constants(c);
            for (String outside : List.of("org/fiberbench/http/", "org/fiberbench/workload/jdbc/")) {
                if (text.contains(outside)) {
                    offenders.add(c.getFileName() + " names " + outside);
                }
            }
        }
        assertEquals(List.of(), offenders);
    }

    @Test
    void registryNamesNoWorkloadImplementation() throws Exception {
        List<String> implementations = new ArrayList<>();
        for (Path c : classFiles()) {
            String name = c.getFileName().toString().replace(".class", "");
            Class<?> type = Class.forName("org.fiberbench.workload." + name, false, getClass().getClassLoader());
            if (Workload.class.isAssignableFrom(type) && type != Workload.class) {
                implementations.add(PACKAGE + name);
            }
        }
        assertTrue(implementations.contains(PACKAGE + "CpuWorkload"), "the scan sees the built-ins: " + implementations);
        for (Path c : classFiles()) {
            String file = c.getFileName().toString();
            if (file.startsWith("WorkloadKind") || file.startsWith("WorkloadSpec") || file.startsWith("WorkloadProvider")) {
                String text = constants(c);
                for (String impl : implementations) {
                    assertFalse(text.contains(impl), file + " names " + impl);
                }
            }
        }
    }

    /** The top-level package's compiled classes (subpackages such as jdbc are implementations). */
    private static List<Path> classFiles() throws IOException, URISyntaxException {
        Path root = Path.of(WorkloadKind.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        try (Stream<Path> files = Files.list(root.resolve(PACKAGE))) {
            return files.filter(p -> p.toString().endsWith(".class")).sorted().toList();
        }
    }

    /** A class file's bytes as text: every class it refers to appears in its constant pool as {@code a/b/C}. */
    private static String constants(Path classFile) throws IOException {
        return new String(Files.readAllBytes(classFile), StandardCharsets.ISO_8859_1);
    }
}
