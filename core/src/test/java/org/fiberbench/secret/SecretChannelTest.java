package org.fiberbench.secret;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The parent-to-fork hand-off: a real socket read by a real second JVM, nothing secret on disk, nothing left. */
class SecretChannelTest {
    private static final String SECRET = "fb-chan-" + Long.toHexString(System.nanoTime()) + "-pw";

    /** A fork's side: prints what the channel named by its system property serves. */
    public static final class Reader {
        public static void main(String[] args) throws Exception {
            System.out.println(SecretChannel.fetch(Path.of(System.getProperty(WorkloadSecrets.PROPERTY))));
        }
    }

    private static String java(List<String> jvmArgs, String main) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(jvmArgs);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), main));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        return out;
    }

    @Test
    void aSecondProcessReadsTheSecretsAsOftenAsItAsksAndNoFileHoldsThem() throws Exception {
        Path dir;
        try (SecretChannel c = SecretChannel.open(Map.of("password", SECRET, "user", "u"))) {
            dir = c.socket().getParent();
            assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)));
            for (int fork = 0; fork < 2; fork++) { // JMH's --forks 2 reads it twice
                String out = java(List.of(c.jvmArg(WorkloadSecrets.PROPERTY)), Reader.class.getName());
                assertTrue(out.contains("password=" + SECRET) && out.contains("user=u"), out);
            }
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path f : files.filter(Files::isRegularFile).toList()) {
                    assertFalse(Files.readString(f).contains(SECRET), "secret on disk in " + f);
                }
            }
        }
        assertFalse(Files.exists(dir), "the socket's directory outlived the channel");
    }

    @Test
    void aClosedChannelServesNothing() throws Exception {
        SecretChannel c = SecretChannel.open(Map.of("password", SECRET));
        Path socket = c.socket();
        c.close();
        IOException e = assertThrows(IOException.class, () -> SecretChannel.fetch(socket));
        assertTrue(e.getMessage().contains("has it ended?"), e.getMessage());
    }

    @Test
    void sweepRemovesTheDirectoriesOfDeadProcessesOnly(@TempDir Path tmp) throws Exception {
        Process p = new ProcessBuilder("true").start();
        p.waitFor(10, TimeUnit.SECONDS);
        Path dead = Files.createDirectory(tmp.resolve(SecretDirs.PREFIX + p.pid() + "-x1"));
        Files.createFile(dead.resolve("secrets.sock"));
        Path alive = Files.createDirectory(tmp.resolve(SecretDirs.PREFIX + ProcessHandle.current().pid() + "-x2"));
        SecretDirs.sweep(tmp);
        assertFalse(Files.exists(dead));
        assertTrue(Files.exists(alive));
    }
}
