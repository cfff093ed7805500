package org.fiberbench.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.fiberbench.engine.Defaults;

/**
 * The CLI run in this JVM through {@link Main#execute} (so its exit-status mapping applies) with what
 * it prints captured, or the command line that starts it as a process of its own: the test sources'
 * one way to run a command and read its table and its errors.
 */
public final class CliCapture {
    /** The exit status, what went to stdout, and what went to stderr (then what picocli's error writer got: the last word). */
    public record Outcome(int code, String out, String err) {
    }

    private CliCapture() {
    }

    /** {@code fiberbench ARGS} in this JVM, stdout and stderr captured. */
    public static Outcome run(String... args) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        StringWriter picocliErr = new StringWriter();
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
        int code;
        try {
            code = Main.execute(picocliErr, args);
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
        return new Outcome(code, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8) + picocliErr);
    }

    /** As {@link #run(String...)}. */
    public static Outcome run(List<String> args) {
        return run(args.toArray(String[]::new));
    }

    /**
     * The command line of {@code fiberbench ARGS} as a JVM of its own, started as the engine starts its
     * forks ({@link Defaults#FORK_JVM_ARGS}) with this JVM's java and class path; {@code jvmArgs} go
     * before the class path. Mutable, to add to.
     */
    public static List<String> command(List<String> jvmArgs, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(Defaults.FORK_JVM_ARGS);
        cmd.addAll(jvmArgs);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(Arrays.asList(args));
        return cmd;
    }

    /** As {@link #command(List, String...)} with no JVM option of its own. */
    public static List<String> command(String... args) {
        return command(List.of(), args);
    }

    /** What {@code r} prints on stdout while it runs (stderr is left alone). */
    public static String stdout(Runnable r) {
        PrintStream old = System.out;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
        try {
            r.run();
        } finally {
            System.setOut(old);
        }
        return buf.toString(StandardCharsets.UTF_8);
    }
}
