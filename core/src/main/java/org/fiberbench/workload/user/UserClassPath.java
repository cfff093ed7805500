package org.fiberbench.workload.user;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.fiberbench.spec.Spec;
import org.fiberbench.spec.SpecException;

/**
 * {@code --classpath PATH[:PATH]}: where {@code class} workloads also look for classes. It becomes
 * part of each such workload's {@code jar=} before the spec is validated, so the canonical text
 * names the whole class path and every fork and worker, which parse that text again, loads the
 * same classes; nothing is kept here between runs.
 */
public final class UserClassPath {

    private UserClassPath() {
    }

    /** The entries of the options, absolute; each must exist. */
    public static List<Path> parse(List<String> options) {
        List<Path> out = new ArrayList<>();
        for (String option : options) {
            for (String entry : option.split(File.pathSeparator)) {
                if (entry.isBlank()) {
                    continue;
                }
                Path p = Path.of(entry.trim()).toAbsolutePath().normalize();
                if (!Files.exists(p)) {
                    throw new SpecException("--classpath " + entry.trim() + " does not exist; accepted: jar files or class"
                            + " directories, separated by '" + File.pathSeparator + "'");
                }
                if (!out.contains(p)) {
                    out.add(p);
                }
            }
        }
        return out;
    }

    /** Completes a parsed workload spec: a {@code class} workload's {@code jar=} followed by {@code classPath}. */
    public static UnaryOperator<Spec> adding(List<Path> classPath) {
        return s -> {
            if (classPath.isEmpty() || !s.kind().equals(UserWorkloads.ID)) {
                return s;
            }
            Map<String, String> params = new LinkedHashMap<>(s.params());
            String given = s.string(ClassWorkload.JAR, "");
            String added = String.join(File.pathSeparator, classPath.stream().map(Path::toString).toList());
            params.put(ClassWorkload.JAR, given.isBlank() ? added : given + File.pathSeparator + added);
            return new Spec(s.family(), s.kind(), params);
        };
    }
}
