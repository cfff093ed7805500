package org.fiberbench.fork;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How fiberbench starts a child JVM of its own (a scenario fork, a process-pool worker, the
 * served HTTP server): this JVM's {@code java}, the options every child needs, and the process
 * tree's temporary directory. It sits below the engine and the executors so both can start JVMs
 * without one depending on the other.
 */
public final class JavaCommand {
    /** Options every child gets: custom schedulers reach the JDK's internal builder through this. */
    public static final List<String> JVM_ARGS = jvmArgs();
    /** The process tree's own temp directory once the CLI has taken charge of it, else null. */
    private static volatile Path treeTempDir;

    private JavaCommand() {
    }

    /** The start of a child's command line: {@code java} and {@link #JVM_ARGS}; mutable, to add to. */
    public static List<String> start() {
        return start(null);
    }

    /**
     * The start of a child's command line on {@code jdk} (null: this JVM's JDK): its {@code java}
     * and the options every child needs, as that JDK's version takes them; mutable, to add to.
     */
    public static List<String> start(Jdk jdk) {
        List<String> cmd = new ArrayList<>();
        if (jdk == null) {
            cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            cmd.addAll(JVM_ARGS);
        } else {
            cmd.add(jdk.java().toString());
            cmd.addAll(jvmArgs(jdk.feature()));
        }
        cmd.add(tempDirArg()); // the process tree's own temp directory, removed with it
        return cmd;
    }

    /**
     * This JVM's own options as a child on a JDK of {@code feature} can take them: those a JDK
     * before 24 does not know are left out (a JVM refuses to start with an option it does not know).
     */
    public static List<String> inheritedArgs(List<String> inputArguments, int feature) {
        List<String> out = new ArrayList<>();
        for (String a : inputArguments) {
            if (feature < 24 && a.startsWith("--sun-misc-unsafe-memory-access")) {
                continue;
            }
            out.add(a);
        }
        return out;
    }

    /** The {@code -Djava.io.tmpdir} a child process gets: this process tree's directory. */
    public static String tempDirArg() {
        Path dir = treeTempDir;
        return "-Djava.io.tmpdir=" + (dir != null ? dir : System.getProperty("java.io.tmpdir"));
    }

    /** Called once by the CLI when it owns the tree's temp directory and points java.io.tmpdir elsewhere. */
    public static void treeTempDir(Path dir) {
        treeTempDir = dir;
    }

    private static List<String> jvmArgs() {
        return jvmArgs(Runtime.version().feature());
    }

    /** The options every child on a JDK of {@code feature} gets. */
    public static List<String> jvmArgs(int feature) {
        // native access: the sampler's getrusage and the profiler's library, without a warning per fork
        List<String> args = new ArrayList<>(List.of("--add-opens", "java.base/java.lang=ALL-UNNAMED",
                "--enable-native-access=ALL-UNNAMED"));
        if (feature >= 24) {
            // JMH reads fields through sun.misc.Unsafe; without this every fork prints a deprecation banner
            args.add("--sun-misc-unsafe-memory-access=allow");
        }
        return List.copyOf(args);
    }
}
