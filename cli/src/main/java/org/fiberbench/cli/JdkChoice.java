package org.fiberbench.cli;

import java.util.ArrayList;
import java.util.List;
import org.fiberbench.engine.Jdks;
import org.fiberbench.engine.JvmOptions;
import org.fiberbench.fork.Jdk;
import org.fiberbench.spec.SpecException;

/**
 * {@code --jdk}: the JDKs a run's forks start with, found in this process's environment. Without
 * it the forks run on fiberbench's own JDK, and {@code --jvm-args} are checked against it as ever.
 * With it each JDK checks {@code --jvm-args}: when every one rejects them it is bad input (exit 2),
 * when only some do, those JDKs' scenarios fail with the reason and the others run.
 */
final class JdkChoice {
    private JdkChoice() {
    }

    static List<Jdk> resolve(List<String> given, MeasureOptions measure) {
        if (given.isEmpty()) {
            return List.of();
        }
        List<Jdk> jdks = new Jdks(System.getenv()).resolve(given);
        measure.checkJvmArgsHere = false;
        List<String> options = measure.jvmArgList();
        List<String> rejections = new ArrayList<>();
        for (Jdk j : jdks) {
            String why = JvmOptions.rejection(j, options);
            if (why == null) {
                return jdks;
            }
            rejections.add(why);
        }
        throw new SpecException(rejections.get(0));
    }
}
