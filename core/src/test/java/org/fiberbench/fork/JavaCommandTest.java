package org.fiberbench.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A child's command line on another JDK: that JDK's java, and only options its version knows. */
class JavaCommandTest {
    private static final Jdk JDK21 = new Jdk(Path.of("/opt/jdk-21"), 21, "21.0.5", "Example", "21");
    private static final Jdk JDK25 = new Jdk(Path.of("/opt/jdk-25"), 25, "25.0.1", "Example", "25");

    @Test
    void aChildOnAnotherJdkStartsWithThatJdksJava() {
        List<String> cmd = JavaCommand.start(JDK21);
        assertEquals("/opt/jdk-21/bin/java", cmd.get(0));
        assertTrue(cmd.containsAll(List.of("--add-opens", "java.base/java.lang=ALL-UNNAMED")), cmd.toString());
    }

    @Test
    void aJdkBefore24GetsNoOptionItDoesNotKnow() {
        assertFalse(JavaCommand.start(JDK21).stream().anyMatch(a -> a.startsWith("--sun-misc-unsafe-memory-access")));
        assertTrue(JavaCommand.start(JDK25).contains("--sun-misc-unsafe-memory-access=allow"));
        List<String> parent = List.of("-Xmx1g", "--sun-misc-unsafe-memory-access=allow", "-XX:-UsePerfData");
        assertEquals(List.of("-Xmx1g", "-XX:-UsePerfData"), JavaCommand.inheritedArgs(parent, 21));
        assertEquals(parent, JavaCommand.inheritedArgs(parent, 25));
    }

    @Test
    void withoutAJdkAChildRunsOnThisJvmsJdk() {
        assertEquals(Path.of(System.getProperty("java.home"), "bin", "java").toString(), JavaCommand.start(null).get(0));
        assertEquals(JavaCommand.start(), JavaCommand.start(null));
    }
}
