package org.fiberbench.engine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.fiberbench.spec.SpecException;

/**
 * Checks JVM options given for the forks before a run starts: a JVM of the same JDK is asked to start
 * with them ({@code java OPTIONS -version}). A typo then fails at once as bad input, naming the option
 * and the JVM's own complaint, instead of every scenario failing in its fork.
 */
public final class JvmOptions {
    private static final long TIMEOUT_S = 30;

    private JvmOptions() {
    }

    /** Fails with a one-line {@link SpecException} when a JVM of this JDK will not start with {@code options}. */
    public static void check(List<String> options) {
        if (options.isEmpty()) {
            return;
        }
        List<String> cmd = Defaults.javaCommand();
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
                throw new SpecException("--jvm-args '" + String.join(" ", options) + "': a JVM with them did not start within "
                        + TIMEOUT_S + " s");
            }
            status = p.exitValue();
        } catch (IOException e) {
            throw new SpecException("--jvm-args: cannot start " + cmd.get(0) + " to check them: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SpecException("--jvm-args: interrupted while checking them");
        }
        if (status != 0) {
            throw new SpecException("--jvm-args '" + String.join(" ", options) + "' are rejected by the JVM ("
                    + Runtime.version().feature() + "): " + complaint(output) + "; accepted: options this JDK's java starts with");
        }
    }

    /** The JVM's first line that says what is wrong (not its generic "could not create" epilogue). */
    static String complaint(String output) {
        for (String line : output.lines().map(String::trim).toList()) {
            if (!line.isEmpty() && !line.startsWith("Error: Could not create the Java Virtual Machine")
                    && !line.startsWith("Error: A fatal exception has occurred")) {
                return line;
            }
        }
        return "exit status non-zero";
    }
}
