package org.fiberbench.cli;

import java.util.ArrayList;
import java.util.List;
import org.fiberbench.engine.Jdks;
import org.fiberbench.fork.Jdk;

/**
 * {@code fiberbench list jdks}: every JDK found where {@code run --jdk N} looks, with its feature
 * version, vendor, version and home, and what a probe run in it found it can do.
 */
final class JdkList {
    private JdkList() {
    }

    static String render(Jdks jdks) {
        List<Jdk> found = jdks.installed();
        StringBuilder sb = new StringBuilder();
        sb.append("JDKs in JAVA_HOME, on PATH and under ").append(jdks.directory())
                .append(" (FIBERBENCH_JDK_DIR replaces it); run --jdk N takes the first of version N\n");
        if (found.isEmpty()) {
            return sb.append("  none found\n").toString();
        }
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"jdk", "vendor", "version", "virtual threads", "custom schedulers", "path"});
        for (Jdk j : found) {
            Jdks.Capabilities c = Jdks.capabilities(j);
            String virtual = c.virtualThreads() ? "yes" : j.supported() ? "no (" + c.problem() + ")"
                    : "no (needs " + Jdk.MINIMUM + "+)";
            String schedulers = c.schedulers() ? "yes (" + c.customSchedulers() + ")" : "no";
            rows.add(new String[] {Integer.toString(j.feature()), j.vendor(), j.version(), virtual, schedulers,
                j.home() + (j.isCurrent() ? "  (runs fiberbench)" : "")});
        }
        for (String[] r : rows) {
            sb.append(String.format("  %-4s %-18s %-9s %-16s %-18s %s%n", (Object[]) r));
        }
        return sb.toString();
    }
}
