package org.fiberbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** {@code fiberbench jmh} hands JMH's own options to JMH untouched. */
class JmhCommandTest {

    @Test
    void passesJmhOptionsThroughAndListsTheBenchmarks() {
        PrintStream old = System.out;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
        int code;
        try {
            code = Main.execute("jmh", "-l", "-wi", "1", "Reference");
        } finally {
            System.setOut(old);
        }
        String out = buf.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, out);
        assertTrue(out.contains("org.fiberbench.engine.jmh.ReferenceThreadsBenchmark.virtualThreadPerTask"), out);
        assertTrue(!out.contains("BatchBenchmark"), "the regex selects: " + out);
    }

    @Test
    void forkOptionsJoinTheUsersJvmArgsAppend() {
        String ours = String.join(" ", org.fiberbench.engine.Defaults.FORK_JVM_ARGS);
        assertEquals(java.util.List.of("-f", "1", "-jvmArgsAppend", "-Xmx1g " + ours, "Reference"),
                JmhCommand.withForkJvmArgs(java.util.List.of("-f", "1", "-jvmArgsAppend", "-Xmx1g", "Reference")));
        assertEquals(java.util.List.of("Reference", "-jvmArgsAppend", ours),
                JmhCommand.withForkJvmArgs(java.util.List.of("Reference")));
    }
}
