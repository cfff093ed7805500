package org.fiberbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@code fiberbench jmh} hands JMH's own options to JMH untouched. */
class JmhCommandTest {

    @Test
    void passesJmhOptionsThroughAndListsTheBenchmarks() {
        CliCapture.Outcome r = CliCapture.run("jmh", "-l", "-wi", "1", "Reference");
        String out = r.out();
        assertEquals(0, r.code(), out + r.err());
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
