package org.fiberbench.secret;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A variable taken from the environment stays out of every process the JVM starts afterwards. */
class EnvSecretsTest {
    private static final String NAME = "FIBERBENCH_TEST_SECRET";

    /** Takes the variable, then prints its value and what a child process ({@code env}) sees. */
    public static final class Taker {
        public static void main(String[] args) throws Exception {
            String value = EnvSecrets.take(NAME);
            Process env = new ProcessBuilder("env").redirectErrorStream(true).start();
            String child = new String(env.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            env.waitFor();
            System.out.println("taken=" + value);
            System.out.println("again=" + EnvSecrets.take(NAME));
            System.out.println("child-has-it=" + child.contains(NAME));
        }
    }

    @Test
    void childrenDoNotInheritATakenVariable() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Runtime.version().feature() >= 22, "unsetenv needs the FFM API (JDK 22+)");
        String secret = "fb-env-" + Long.toHexString(System.nanoTime());
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                Taker.class.getName()).redirectErrorStream(true);
        pb.environment().put(NAME, secret);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(List.of("taken=" + secret, "again=" + secret, "child-has-it=false"), out.lines().toList(), out);
        assertFalse(out.toLowerCase(java.util.Locale.ROOT).contains("warning"), out);
    }
}
