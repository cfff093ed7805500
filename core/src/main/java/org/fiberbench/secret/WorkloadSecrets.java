package org.fiberbench.secret;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;
import org.fiberbench.spec.Spec;
import org.fiberbench.spec.SpecException;

/**
 * A workload spec's secret values ({@link Spec#SECRET_KEYS}) on their way to the forks. Forks get
 * the canonical text, which shows them as {@value Spec#MASK}; the runner that starts the forks
 * serves the real values ({@link #serve}) and names the socket in {@value #PROPERTY}; the workload,
 * made in the fork from the masked text, asks for them back ({@link #resolve}).
 */
public final class WorkloadSecrets {
    /** System property of a fork: the socket its workload's secrets are served on. */
    public static final String PROPERTY = "fiberbench.workload.secrets";

    private WorkloadSecrets() {
    }

    /** A channel serving {@code workload}'s secrets, or null when it has none. */
    public static SecretChannel serve(Spec workload) throws IOException {
        Map<String, String> secrets = workload.secrets();
        return secrets.isEmpty() ? null : SecretChannel.open(secrets);
    }

    /** {@code -D}{@value #PROPERTY}{@code =socket}, or nothing without a channel. */
    public static java.util.List<String> jvmArgs(SecretChannel channel) {
        return channel == null ? java.util.List.of() : java.util.List.of(channel.jvmArg(PROPERTY));
    }

    /** The value of {@code key} in {@code s}: as written, or, where the text masks it, as the parent serves it. */
    public static String resolve(Spec s, String key) {
        String v = s.string(key, null);
        if (!Spec.MASK.equals(v)) {
            return v;
        }
        String socket = System.getProperty(PROPERTY);
        if (socket == null) {
            throw new SpecException(s.where(key) + ": " + Spec.MASK + " stands for a secret that only a fiberbench run"
                    + " hands its forks; accepted: the value itself");
        }
        try {
            String real = SecretChannel.fetch(Path.of(socket)).get(key);
            if (real == null) {
                throw new IllegalStateException("the fiberbench parent serves no " + key + " for " + s.where(key));
            }
            return real;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
