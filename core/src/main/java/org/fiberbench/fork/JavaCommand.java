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
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(JVM_ARGS);
        cmd.add(tempDirArg()); // the process tree's own temp directory, removed with it
        return cmd;
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
        List<String> args = new ArrayList<>(List.of("--add-opens", "java.base/java.lang=ALL-UNNAMED"));
        if (Runtime.version().feature() >= 24) {
            // JMH reads fields through sun.misc.Unsafe; without this every fork prints a deprecation banner
            args.add("--sun-misc-unsafe-memory-access=allow");
        }
        return List.copyOf(args);
    }
}
