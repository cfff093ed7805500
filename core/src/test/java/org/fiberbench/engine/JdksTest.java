package org.fiberbench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fiberbench.fork.Jdk;
import org.fiberbench.spec.SpecException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * JDK discovery and {@code --jdk} resolution against real JDKs: the one running the tests (21+)
 * and the machine's JDK 17, put in a directory of their own that FIBERBENCH_JDK_DIR names, with
 * no JAVA_HOME and nothing on PATH, so what is found does not depend on the machine's setup.
 */
class JdksTest {
    static final Path CURRENT = Path.of(System.getProperty("java.home"));
    static final Path JDK17 = Path.of("/usr/lib/jvm/java-17-openjdk-amd64");

    @TempDir
    Path tmp;
    Jdks jdks;

    @BeforeEach
    void twoJdksInADirectoryOfTheirOwn() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(JDK17.resolve("bin/java")), "needs JDK 17 at " + JDK17);
        Path dir = Files.createDirectories(tmp.resolve("jvm"));
        Files.createSymbolicLink(dir.resolve("a-current"), CURRENT);
        Files.createSymbolicLink(dir.resolve("b-old"), JDK17);
        Files.createSymbolicLink(dir.resolve("c-current-again"), CURRENT); // a second link: listed once
        Files.createDirectories(dir.resolve("docs-only"));
        jdks = new Jdks(Map.of("FIBERBENCH_JDK_DIR", dir.toString(), "PATH", Files.createDirectories(tmp.resolve("empty")).toString()));
    }

    @Test
    void findsEachInstalledJdkOnceWithTheVersionItReports() throws Exception {
        List<Jdk> found = jdks.installed();
        assertEquals(2, found.size(), found.toString());
        assertEquals(Runtime.version().feature(), found.get(0).feature());
        assertEquals(CURRENT.toRealPath(), found.get(0).home().toRealPath());
        assertEquals(System.getProperty("java.version"), found.get(0).version());
        assertEquals(17, found.get(1).feature());
        assertTrue(found.get(1).version().startsWith("17"), found.get(1).version());
    }

    @Test
    void theSameJdkTwiceIsLabelledApart() {
        String v = Integer.toString(Runtime.version().feature());
        List<Jdk> chosen = jdks.resolve(List.of(v, CURRENT.toString()));
        assertEquals(List.of(v, v + "#2"), chosen.stream().map(Jdk::label).toList());
        assertEquals(chosen.get(0).home(), chosen.get(1).home());
    }

    @Test
    void aJdkOlderThan21IsRefusedNamingItAndTheReason() {
        String v = Integer.toString(Runtime.version().feature());
        SpecException e = assertThrows(SpecException.class, () -> jdks.resolve(List.of(v, "17")));
        assertTrue(e.getMessage().startsWith("--jdk 17: "), e.getMessage());
        assertTrue(e.getMessage().contains("is JDK 17") && e.getMessage().contains("needs JDK 21 or newer"), e.getMessage());
        SpecException byPath = assertThrows(SpecException.class, () -> jdks.resolve(List.of(JDK17.toString())));
        assertTrue(byPath.getMessage().contains("is JDK 17"), byPath.getMessage());
    }

    @Test
    void aVersionNotInstalledNamesWhatWasFound() {
        SpecException e = assertThrows(SpecException.class, () -> jdks.resolve(List.of("22")));
        assertTrue(e.getMessage().startsWith("--jdk 22: no JDK 22 found"), e.getMessage());
        assertTrue(e.getMessage().contains("found: " + Runtime.version().feature() + " (") && e.getMessage().contains("17 ("),
                e.getMessage());
        assertTrue(e.getMessage().contains(tmp.resolve("jvm").toString()), "names the directory searched: " + e.getMessage());
    }

    @Test
    void aPathThatIsNotAJdkIsRefused() {
        SpecException e = assertThrows(SpecException.class, () -> jdks.resolve(List.of(tmp.resolve("jvm/docs-only").toString())));
        assertTrue(e.getMessage().startsWith("--jdk " + tmp.resolve("jvm/docs-only") + ": not a JDK (no bin/java in it)"),
                e.getMessage());
        SpecException missing = assertThrows(SpecException.class, () -> jdks.resolve(List.of("/no/such/jdk")));
        assertTrue(missing.getMessage().contains("not a JDK (no such directory)"), missing.getMessage());
    }

    @Test
    void aProbeInEachJdkSaysWhatItCanRun() {
        List<Jdk> found = jdks.installed();
        Jdks.Capabilities current = Jdks.capabilities(found.get(0));
        assertTrue(current.virtualThreads(), current.toString());
        // the forks' --add-opens reaches the JDK's own builder where there is no public one
        assertTrue(current.schedulers(), current.toString());
        Jdks.Capabilities old = Jdks.capabilities(found.get(1));
        assertFalse(old.virtualThreads());
        assertFalse(old.schedulers());
        assertTrue(old.problem().contains("17"), old.problem());
    }
}
