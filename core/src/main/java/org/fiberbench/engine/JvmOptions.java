package org.fiberbench.engine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.fiberbench.fork.Jdk;
import org.fiberbench.spec.SpecException;

/**
 * Checks JVM options given for the forks before a run starts: a JVM of the forks' JDK is asked to
 * start with them ({@code java OPTIONS -version}). A typo then fails at once as bad input, naming the
 * option and the JVM's own complaint, instead of every scenario failing in its fork. In a run on
 * several JDKs ({@code --jdk}) each JDK is asked: one that rejects them fails its own scenarios.
 */
public final class JvmOptions {
    private static final long TIMEOUT_S = 30;

    private JvmOptions() {
    }

    /** Fails with a one-line {@link SpecException} when a JVM of this JDK will not start with {@code options}. */
    public static void check(List<String> options) {
        String why = rejection(null, options);
        if (why != null) {
            throw new SpecException(why);
        }
    }

    /**
     * Why a JVM of {@code jdk} (null: this JVM's JDK) will not start with {@code options}, in one
     * line naming them and the JDK; null when it starts.
     */
    public static String rejection(Jdk jdk, List<String> options) {
        if (options.isEmpty()) {
            return null;
        }
        List<String> cmd = Defaults.javaCommand(jdk);
        cmd.addAll(options);
        cmd.add("-version");
        String output;
        int status;
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            p.getOutputStream().close();
            output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(TIMEOUT_S, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "--jvm-args '" + String.join(" ", options) + "': a JVM with them did not start within " + TIMEOUT_S + " s";
            }
            status = p.exitValue();
        } catch (IOException e) {
            return "--jvm-args: cannot start " + cmd.get(0) + " to check them: " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "--jvm-args: interrupted while checking them";
        }
        if (status == 0) {
            return null;
        }
        String which = jdk == null ? Integer.toString(Runtime.version().feature()) : jdk.label() + ", " + jdk.home();
        return "--jvm-args '" + String.join(" ", options) + "' are rejected by the JVM (" + which + "): "
                + complaint(output) + "; accepted: options this JDK's java starts with";
    }

    /** The JVM's first line that says what is wrong (not its generic "could not create" epilogue). */
    static String complaint(String output) {
        for (String line : output.lines().map(String::trim).toList()) {
            if (!line.isEmpty() && !line.startsWith("Error: Could not create the Java Virtual Machine")
                    && !line.startsWith("Error: A fatal exception has occurred")
                    && !line.startsWith("Error occurred during initialization of boot layer")) {
                return line;
            }
        }
        return "exit status non-zero";
    }
}
