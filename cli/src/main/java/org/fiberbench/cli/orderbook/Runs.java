package org.fiberbench.cli.orderbook;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.fiberbench.orderbook.BookKind;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.spec.SpecException;
import picocli.CommandLine.Model.CommandSpec;

/** What the measuring orderbook commands share: flag parsing helpers and result writing. */
final class Runs {
    private Runs() {
    }

    /** Each {@code --jvm-args} value is one set of options (one fork each); none means one default set. */
    static List<List<String>> jvmArgSets(List<String> values) {
        List<List<String>> sets = new ArrayList<>();
        for (String v : values) {
            List<String> set = new ArrayList<>();
            for (String a : v.trim().split("\\s+")) {
                if (!a.isEmpty()) {
                    set.add(a);
                }
            }
            sets.add(List.copyOf(set));
        }
        return sets.isEmpty() ? List.of(List.of()) : sets;
    }

    static String label(List<String> jvmArgs) {
        return jvmArgs.isEmpty() ? "(default)" : String.join(" ", jvmArgs);
    }

    /** The printf format of the JVM options column: as wide as the longest set's label, at least 24. */
    static String jvmColumn(List<List<String>> sets) {
        return "%-" + Math.max(24, sets.stream().map(Runs::label).mapToInt(String::length).max().orElse(0)) + "s";
    }

    /**
     * {@code --impl} values of a command that measures real books; none means both, naive first so that
     * it is each group's baseline.
     */
    static List<BookKind> impls(List<String> values) {
        List<BookKind> kinds = implsWithFloor(values);
        if (kinds.contains(BookKind.EMPTY)) {
            throw new SpecException("--impl 'empty' is only for orderbook latency; use naive or fast");
        }
        return kinds;
    }

    /** {@code --impl} values of {@code orderbook latency}, where {@code empty} measures the loop's floor. */
    static List<BookKind> implsWithFloor(List<String> values) {
        if (values.isEmpty()) {
            return List.of(BookKind.NAIVE, BookKind.FAST);
        }
        return values.stream().flatMap(v -> List.of(v.split(",")).stream()).map(String::trim).map(BookKind::parse)
                .distinct().toList();
    }

    /**
     * The command as typed, for the run's {@code command} field: {@code fiberbench orderbook SUB ARGS},
     * whether it came through the top-level command or the orderbook command alone.
     */
    static String commandLine(CommandSpec spec) {
        List<String> all = spec.commandLine().getParseResult().originalArgs();
        int at = all.indexOf(spec.name());
        StringBuilder b = new StringBuilder("fiberbench orderbook ").append(spec.name());
        for (String a : all.subList(at + 1, all.size())) {
            b.append(' ').append(a.isEmpty() || a.matches(".*[\\s\"'].*") ? "'" + a + "'" : a);
        }
        return b.toString();
    }

    /** Writes the percentile spectrum (values in nanoseconds) and returns its path relative to the run. */
    static String writeHgrm(RunDirectory run, String id, String suffix, Histogram h) {
        Path f = run.scenarioFile(id, suffix);
        try (PrintStream out = new PrintStream(Files.newOutputStream(f), false, StandardCharsets.UTF_8)) {
            h.outputPercentileDistribution(out, 1.0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return run.dir().relativize(f).toString();
    }
}
