package org.fiberbench.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.fiberbench.spec.SpecException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code fiberbench jmh [JMH options] [REGEX]}: JMH's own command line over every benchmark in
 * fiberbench's jar (batch scenarios, reference and micro-benchmarks). {@code fiberbench jmh -l}
 * lists them; {@code -h} prints JMH's options.
 */
@Command(name = "jmh", description = "Run JMH directly on fiberbench's benchmarks (JMH's own options, e.g. -l, -f, -wi, -i, -prof gc).")
final class JmhCommand implements Callable<Integer> {

    @Parameters(arity = "0..*", paramLabel = "ARGS", description = "passed to JMH unchanged")
    List<String> args = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        String[] all = withForkJvmArgs(args).toArray(String[]::new);
        check(all);
        org.openjdk.jmh.Main.main(all);
        return 0;
    }

    /**
     * JMH's own parse, done first: JMH's main answers a bad option with status 1 (its exit for a failed
     * run), where fiberbench's contract for bad input is one line and status 2.
     */
    static void check(String[] args) {
        try {
            new CommandLineOptions(args);
        } catch (CommandLineOptionException e) {
            throw new SpecException("jmh: " + e.getMessage() + " (see 'fiberbench jmh -h' for JMH's options)");
        }
    }

    /**
     * Every fork gets fiberbench's own JVM options (custom schedulers need {@code --add-opens}); they are
     * added to the user's {@code -jvmArgsAppend}, since JMH keeps only the last one given.
     */
    static List<String> withForkJvmArgs(List<String> args) {
        List<String> all = new ArrayList<>(args);
        String ours = String.join(" ", org.fiberbench.engine.Defaults.FORK_JVM_ARGS);
        int i = all.indexOf("-jvmArgsAppend");
        if (i >= 0 && i + 1 < all.size()) {
            all.set(i + 1, all.get(i + 1) + " " + ours);
        } else {
            all.add("-jvmArgsAppend");
            all.add(ours);
        }
        return all;
    }
}
