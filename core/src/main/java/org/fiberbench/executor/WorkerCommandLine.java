package org.fiberbench.executor;

import java.io.IOException;
import java.util.List;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import org.fiberbench.fork.JavaCommand;
import org.fiberbench.secret.WorkloadSecrets;

/** How a worker JVM is started: the same jar's {@code fiberbench worker}, with a small heap. */
final class WorkerCommandLine {
    /** What a worker JVM gets: small heap and the serial collector, so eight of them fit a laptop. */
    static final List<String> WORKER_JVM_ARGS = List.of("-Xmx256m", "-XX:+UseSerialGC", "-XX:-UsePerfData");
    /** Manifest attribute of fiberbench's jar: the CLI subcommand that runs a worker. */
    static final String WORKER_COMMAND_ATTRIBUTE = "Fiberbench-Worker-Command";
    /** Set in a fork whose scenario is profiled (the observation options' event): its workers are profiled too. */
    static final String PROFILED_FORK_PROPERTY = "fiberbench.observe.profile.event";
    /** The fork's database properties (paths and a row count, never a secret), passed on to its workers. */
    static final String DB_PROPERTY_PREFIX = "fiberbench.db.";

    private WorkerCommandLine() {
    }

    /**
     * The worker's command line: {@code java ... -jar fiberbench.jar worker} when this JVM runs
     * from fiberbench's jar (its manifest names the {@value #WORKER_COMMAND_ATTRIBUTE}), so a
     * worker is the same jar's {@code fiberbench worker}; else the worker's main class on the
     * same class path (tests, and fiberbench used as a library).
     */
    static List<String> of(String classPath) {
        List<String> cmd = JavaCommand.start();
        cmd.addAll(WORKER_JVM_ARGS);
        if (System.getProperty(PROFILED_FORK_PROPERTY) != null) {
            // as in the profiled fork itself: inlined frames stay visible, the native library loads quietly
            cmd.addAll(List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:+DebugNonSafepoints"));
            if (Runtime.version().feature() >= 22) {
                cmd.add("--enable-native-access=ALL-UNNAMED");
            }
        }
        String secrets = System.getProperty(WorkloadSecrets.PROPERTY);
        if (secrets != null) {
            // a worker makes the workload from its masked spec text too: it reads the secrets where its fork does
            cmd.add("-D" + WorkloadSecrets.PROPERTY + "=" + secrets);
        }
        // a jdbc workload in a worker reaches the database as its fork does: the connection's socket, rows, stats file
        System.getProperties().stringPropertyNames().stream().filter(k -> k.startsWith(DB_PROPERTY_PREFIX)).sorted()
                .forEach(k -> cmd.add("-D" + k + "=" + System.getProperty(k)));
        String subcommand = workerCommand(classPath);
        if (subcommand != null) {
            cmd.addAll(List.of("-jar", classPath, subcommand));
        } else {
            cmd.addAll(List.of("-cp", classPath, ProcessWorkerMain.class.getName()));
        }
        return cmd;
    }

    /** The jar's worker subcommand when {@code classPath} is one jar that declares it, else null. */
    static String workerCommand(String classPath) {
        if (classPath == null || !classPath.endsWith(".jar") || classPath.contains(java.io.File.pathSeparator)) {
            return null;
        }
        try (JarFile jar = new JarFile(classPath)) {
            Manifest m = jar.getManifest();
            return m == null ? null : m.getMainAttributes().getValue(WORKER_COMMAND_ATTRIBUTE);
        } catch (IOException e) {
            return null;
        }
    }
}
